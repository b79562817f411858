import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { CatalogLanguagesRepository } from '../catalog/repositories/catalog-languages.repository';
import { CatalogCountsRepository } from '../catalog/stats/catalog-counts.repository';
import { CatalogStatsStoreRepository } from '../catalog/stats/catalog-stats-store.repository';
import { ImportJobsService } from '../imports/import-jobs.service';
import type { catalogOverview } from './tools/output-schemas';

/**
 * `catalog_overview`: the catalog details of GET /v1/catalogs plus counts an agent orients itself
 * by: lookups by key whatever the catalog's size. The product count is exact as of the last commit
 * (catalog_counts); the other counts and `updated_at` are the worker's last recompute (catalog_stats,
 * `stats_as_of`), which follows each finished import or product delete within seconds.
 */
@Injectable()
export class CatalogOverviewService {
  constructor(
    private readonly stats: CatalogStatsStoreRepository,
    private readonly counts: CatalogCountsRepository,
    private readonly jobs: ImportJobsService,
    private readonly languages: CatalogLanguagesRepository,
  ) {}

  async overview(organizationId: string): Promise<z.infer<typeof catalogOverview>> {
    const [productCount, stats, lastImport, languages] = await Promise.all([
      this.counts.products(organizationId),
      this.stats.read(organizationId),
      this.jobs.latestImport(organizationId),
      this.languages.of(organizationId),
    ]);
    return {
      organization_id: organizationId,
      product_count: productCount,
      last_import: lastImport,
      updated_at: stats?.updatedAt?.toISOString() ?? null,
      language: languages.language,
      product_languages: languages.productLanguages,
      by_availability: stats?.byAvailability ?? {},
      top_brands: stats?.topBrands ?? [],
      top_categories: stats?.topCategories ?? [],
      stats_as_of: stats?.computedAt?.toISOString() ?? null,
    };
  }
}
