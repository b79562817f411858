import { Injectable } from '@nestjs/common';
import { CatalogReadService } from './catalog-read.service';
import type { CatalogDetailsDto } from './dto/catalog-details.dto';
import { LatestImportSource } from './latest-import-source';

@Injectable()
export class CatalogDetailsService {
  constructor(
    private readonly catalog: CatalogReadService,
    private readonly imports: LatestImportSource,
  ) {}

  async get(organizationId: string): Promise<CatalogDetailsDto> {
    const [summary, lastImport] = await Promise.all([this.catalog.summary(organizationId), this.imports.latestImport(organizationId)]);
    return {
      organization_id: organizationId,
      product_count: summary.productCount,
      last_import: lastImport,
      updated_at: summary.updatedAt?.toISOString() ?? null,
    };
  }
}
