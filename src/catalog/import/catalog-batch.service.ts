import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ProductRepository, type StoredHashes } from '../repositories/product.repository';
import { diffBatch, type BatchDiff } from './batch-diff';
import { evaluateElements, parseElement, type RawElement } from './element-evaluator';

/**
 * Turns a batch of raw elements into catalog changes. prepare() does the CPU work and one read;
 * write() applies it inside the caller's transaction (which also records errors and progress).
 * Correct only while the caller holds the organization's import lock, so nothing else writes
 * this organization's products meanwhile. `pending` holds what a batch whose transaction is still
 * in flight wrote, so the next batch can be prepared while it commits.
 */
@Injectable()
export class CatalogBatchService {
  constructor(private readonly products: ProductRepository) {}

  async prepare(
    manager: EntityManager,
    organizationId: string,
    elements: RawElement[],
    pending: ReadonlyMap<string, StoredHashes> = new Map(),
  ): Promise<BatchDiff> {
    const parsed = elements.map(parseElement);
    const ids = [...new Set(parsed.map((p) => p.idHint).filter((id): id is string => id !== null))];
    const stored = await this.products.findHashes(manager, organizationId, ids);
    for (const id of ids) {
      const written = pending.get(id);
      if (written) stored.set(id, written);
    }
    return diffBatch(evaluateElements(parsed, stored), stored);
  }

  /** What a prepared batch will have written once committed: the `pending` of the next batch. */
  static written(diff: BatchDiff): Map<string, StoredHashes> {
    return new Map(diff.writes.map((w) => [w.productId, { contentHash: w.contentHash, rawHash: w.rawHash }]));
  }

  write(manager: EntityManager, organizationId: string, jobId: string, diff: BatchDiff): Promise<void> {
    return this.products.write(manager, organizationId, jobId, diff.writes);
  }
}
