import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * The search vectors of products (`products.search`, NULL until indexed). Imports write products
 * without one (stemming is most of the cost of a write); the search indexer fills them here.
 */
@Injectable()
export class SearchIndexRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Computes the vector of up to `limit` of the organization's unindexed products; returns how
   * many. SKIP LOCKED: rows an import is rewriting, or another worker is indexing, are left to
   * them, so this never waits on a lock (the import may wait on this short statement, never the
   * other way round, so no deadlock). Idempotent: a crash leaves rows NULL, the next call takes them.
   */
  async indexPending(organizationId: string, limit: number): Promise<number> {
    const [, count]: [unknown, number] = await this.dataSource.query(
      `UPDATE products p SET search = product_search_vector(p.data)
         FROM (SELECT product_id FROM products
                WHERE organization_id = $1 AND search IS NULL
                LIMIT $2 FOR UPDATE SKIP LOCKED) AS pending
        WHERE p.organization_id = $1 AND p.product_id = pending.product_id`,
      [organizationId, limit],
    );
    return count;
  }

  /** Organizations that have unindexed products (the partial index products_search_pending_idx). */
  async organizationsPending(): Promise<string[]> {
    const rows: Array<{ organization_id: string }> = await this.dataSource.query(
      `SELECT DISTINCT organization_id FROM products WHERE search IS NULL`,
    );
    return rows.map((r) => r.organization_id);
  }
}
