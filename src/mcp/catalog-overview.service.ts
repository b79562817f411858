import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { CatalogStatsRepository } from '../catalog/query/catalog-stats.repository';
import { CatalogDetailsService } from '../imports/catalog-details.service';
import type { catalogOverview } from './tools/output-schemas';

const TOP = 10;

/** `catalog_overview`: the catalog details of GET /v1/catalogs plus counts an agent orients itself by. */
@Injectable()
export class CatalogOverviewService {
  constructor(
    private readonly details: CatalogDetailsService,
    private readonly stats: CatalogStatsRepository,
  ) {}

  async overview(organizationId: string): Promise<z.infer<typeof catalogOverview>> {
    const [details, stats] = await Promise.all([this.details.get(organizationId), this.stats.stats(organizationId, TOP)]);
    return {
      ...details,
      by_availability: stats.byAvailability,
      top_brands: stats.topBrands,
      top_categories: stats.topCategories,
    };
  }
}
