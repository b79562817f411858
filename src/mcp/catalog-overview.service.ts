import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { CatalogLanguagesRepository } from '../catalog/repositories/catalog-languages.repository';
import { CatalogStatsStoreRepository } from '../catalog/stats/catalog-stats-store.repository';
import { ImportJobsService } from '../imports/import-jobs.service';
import type { catalogOverview } from './tools/output-schemas';

/**
 * `catalog_overview`: the catalog details of GET /v1/catalogs plus counts an agent orients itself
 * by, read from the counts the worker maintains (catalog_stats) and the latest job: two lookups by
 * key whatever the catalog's size. The counts are those of the last recompute (`stats_as_of`),
 * which follows each finished import or product delete within seconds.
 */
@Injectable()
export class CatalogOverviewService {
  constructor(
    private readonly stats: CatalogStatsStoreRepository,
    private readonly jobs: ImportJobsService,
    private readonly languages: CatalogLanguagesRepository,
  ) {}

  async overview(organizationId: string): Promise<z.infer<typeof catalogOverview>> {
    const [stats, lastImport, languages] = await Promise.all([
      this.stats.read(organizationId),
      this.jobs.latestImport(organizationId),
      this.languages.of(organizationId),
    ]);
    return {
      organization_id: organizationId,
      product_count: stats?.productCount ?? 0,
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
