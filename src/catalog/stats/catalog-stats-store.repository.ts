import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CatalogStats } from '../query/catalog-stats.repository';

/**
 * The maintained counts of one organization's catalog, as of `computedAt`. The product count is not
 * one of them: catalog_counts keeps it exact (CatalogCountsRepository).
 */
export interface StoredCatalogStats extends CatalogStats {
  updatedAt: Date | null;
  computedAt: Date | null;
}

/** catalog_stats (migration CatalogStats1764300700000): one row per organization, read by primary key. */
@Injectable()
export class CatalogStatsStoreRepository {
  constructor(private readonly dataSource: DataSource) {}

  async read(organizationId: string): Promise<StoredCatalogStats | null> {
    const [row] = (await this.dataSource.query(
      `SELECT updated_at, by_availability, top_brands, top_categories, computed_at
         FROM catalog_stats WHERE organization_id = $1 AND computed_version IS NOT NULL`,
      [organizationId],
    )) as Array<{
      updated_at: Date | null;
      by_availability: Record<string, number>;
      top_brands: CatalogStats['topBrands'];
      top_categories: CatalogStats['topCategories'];
      computed_at: Date;
    }>;
    if (!row) return null;
    return {
      updatedAt: row.updated_at,
      byAvailability: row.by_availability,
      topBrands: row.top_brands,
      topCategories: row.top_categories,
      computedAt: row.computed_at,
    };
  }

  /** Organizations whose counts lag behind a change, with the version to compute for. */
  async stale(limit: number): Promise<Array<{ organizationId: string; version: string }>> {
    const rows = (await this.dataSource.query(
      `SELECT organization_id, version::text AS version FROM catalog_stats
        WHERE computed_version IS DISTINCT FROM version ORDER BY computed_at NULLS FIRST LIMIT $1`,
      [limit],
    )) as Array<{ organization_id: string; version: string }>;
    return rows.map((row) => ({ organizationId: row.organization_id, version: row.version }));
  }

  /** Stores counts computed after reading `version` (a change since leaves the row stale: computed again). */
  async save(
    manager: EntityManager,
    organizationId: string,
    version: string,
    stats: Omit<StoredCatalogStats, 'computedAt'>,
  ): Promise<void> {
    await manager.query(
      `UPDATE catalog_stats SET computed_version = $2::bigint, computed_at = now(), updated_at = $3,
              by_availability = $4::jsonb, top_brands = $5::jsonb, top_categories = $6::jsonb
        WHERE organization_id = $1`,
      [
        organizationId,
        version,
        stats.updatedAt,
        JSON.stringify(stats.byAvailability),
        JSON.stringify(stats.topBrands),
        JSON.stringify(stats.topCategories),
      ],
    );
  }
}
