import type { INestApplication } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { BatchDiff } from '../../src/imports/pipeline/batch-diff';
import { ImportBatchService } from '../../src/imports/pipeline/import-batch.service';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * One committed import batch, as ImportJobRunnerService.commitBatch writes it (products, and their ids listed
 * for the search indexer), without a job or a worker: for specs that look between a batch's commit
 * and the indexer's pass. `exists` says whether each product is already stored (update, not insert).
 */
export async function writeCatalogBatch(
  app: INestApplication,
  organizationId: string,
  products: Array<{ product: Record<string, unknown> & { id: string }; exists: boolean }>,
): Promise<void> {
  const writes = products.map(({ product, exists }) => {
    const json = JSON.stringify(product);
    return { productId: product.id, contentHash: sha(json), rawHash: sha(json), json: Buffer.from(json, 'utf8'), exists };
  });
  const diff = { writes } as unknown as BatchDiff;
  await app.get(DataSource).transaction((manager) => app.get(ImportBatchService).write(manager, organizationId, randomUUID(), diff));
}
