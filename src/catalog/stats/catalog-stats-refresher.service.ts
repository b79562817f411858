import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CATALOG_STATS_LOCK_NAMESPACE } from '../../database/organization-lock-key';
import { CatalogStatsRepository } from '../query/catalog-stats.repository';
import { ProductRepository } from '../repositories/product.repository';
import { CatalogStatsStoreRepository } from './catalog-stats-store.repository';

/** Brands and categories catalog_overview lists. */
export const TOP_STATS = 10;
/** Organizations recomputed per pass; the next pass takes the rest. */
const PER_PASS = 20;

/**
 * Recomputes the counts of organizations whose catalog changed (CatalogStatsStoreRepository.stale), in the
 * worker: one aggregation of the catalog per change, off the request path, instead of one per
 * catalog_overview call. An advisory lock per organization keeps workers from computing the same
 * one at once. The product count is not recomputed: triggers keep it exact (catalog_counts).
 */
@Injectable()
export class CatalogStatsRefresherService {
  private readonly logger = new Logger(CatalogStatsRefresherService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: CatalogStatsStoreRepository,
    private readonly aggregates: CatalogStatsRepository,
    private readonly products: ProductRepository,
  ) {}

  /** One pass; returns how many organizations it recomputed. */
  async refresh(): Promise<number> {
    let done = 0;
    for (const { organizationId, version } of await this.store.stale(PER_PASS)) {
      if (await this.recompute(organizationId, version)) done++;
    }
    return done;
  }

  private recompute(organizationId: string, version: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [{ locked }] = (await manager.query('SELECT pg_try_advisory_xact_lock($1, hashtext($2)) AS locked', [
        CATALOG_STATS_LOCK_NAMESPACE,
        organizationId,
      ])) as Array<{ locked: boolean }>;
      if (!locked) return false;
      const started = Date.now();
      const [stats, updatedAt] = await Promise.all([
        this.aggregates.stats(organizationId, TOP_STATS),
        this.products.lastUpdatedAt(organizationId),
      ]);
      await this.store.save(manager, organizationId, version, { ...stats, updatedAt });
      this.logger.debug(`Catalog counts of ${organizationId} recomputed in ${Date.now() - started} ms`);
      return true;
    });
  }
}
