import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A row of search_partitions: an organization with a partition of its own, or on its way there. */
export interface SearchPartition {
  organizationId: string;
  relation: string;
  state: 'moving' | 'own';
  /** Whether the relation is attached to product_search now (the catalog's word, not the row's). */
  attached: boolean;
  /** Whether the organization still exists. */
  live: boolean;
}

/** search_partitions (migration PartitionedSearch1795870000000) and what PostgreSQL's catalog says of the partitions. */
@Injectable()
export class SearchPartitionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async all(): Promise<SearchPartition[]> {
    const rows = (await this.dataSource.query(
      `SELECT p.organization_id, p.relation, p.state,
              EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhparent = 'product_search'::regclass
                         AND i.inhrelid = to_regclass(quote_ident(p.relation))) AS attached,
              EXISTS (SELECT 1 FROM organizations o WHERE o.id = p.organization_id) AS live
         FROM search_partitions p ORDER BY p.started_at`,
    )) as Array<{ organization_id: string; relation: string; state: 'moving' | 'own'; attached: boolean; live: boolean }>;
    return rows.map((r) => ({
      organizationId: r.organization_id,
      relation: r.relation,
      state: r.state,
      attached: r.attached,
      live: r.live,
    }));
  }

  /**
   * The largest organization of the shared partition with at least `threshold` products (the exact
   * counts of catalog_counts, migration ExactProductCount1795865000000), or null.
   */
  async nextToMove(threshold: number): Promise<{ organizationId: string; products: number } | null> {
    const [row] = (await this.dataSource.query(
      `SELECT c.organization_id, c.products::int AS products FROM catalog_counts c
         JOIN organizations o ON o.id = c.organization_id
        WHERE c.products >= $1
          AND NOT EXISTS (SELECT 1 FROM search_partitions p WHERE p.organization_id = c.organization_id)
        ORDER BY c.products DESC, c.organization_id LIMIT 1`,
      [threshold],
    )) as Array<{ organization_id: string; products: number }>;
    return row ? { organizationId: row.organization_id, products: row.products } : null;
  }
}
