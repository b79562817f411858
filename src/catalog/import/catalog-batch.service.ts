import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ProductRepository } from '../repositories/product.repository';
import { diffBatch, type BatchDiff } from './batch-diff';
import { evaluateElements, parseElement, type RawElement } from './element-evaluator';

/**
 * Turns a batch of raw elements into catalog changes. prepare() does the CPU work and one read;
 * write() applies it inside the caller's transaction (which also records errors and progress).
 * Correct only while the caller holds the organization's import lock, so nothing else writes
 * this organization's products between the two.
 */
@Injectable()
export class CatalogBatchService {
  constructor(private readonly products: ProductRepository) {}

  async prepare(manager: EntityManager, organizationId: string, elements: RawElement[]): Promise<BatchDiff> {
    const parsed = elements.map(parseElement);
    const ids = [...new Set(parsed.map((p) => p.idHint).filter((id): id is string => id !== null))];
    const stored = await this.products.findHashes(manager, organizationId, ids);
    return diffBatch(evaluateElements(parsed, stored), stored);
  }

  write(manager: EntityManager, organizationId: string, jobId: string, diff: BatchDiff): Promise<void> {
    return this.products.upsertMany(manager, organizationId, jobId, diff.writes);
  }
}
