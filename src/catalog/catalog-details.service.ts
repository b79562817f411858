import { Injectable } from '@nestjs/common';
import { CatalogReadService } from './catalog-read.service';
import type { CatalogDetailsDto } from './dto/catalog-details.dto';
import { LatestImportSource } from './latest-import-source';
import { CatalogLanguagesRepository } from './repositories/catalog-languages.repository';

@Injectable()
export class CatalogDetailsService {
  constructor(
    private readonly catalog: CatalogReadService,
    private readonly imports: LatestImportSource,
    private readonly languages: CatalogLanguagesRepository,
  ) {}

  async get(organizationId: string): Promise<CatalogDetailsDto> {
    const [summary, lastImport, languages] = await Promise.all([
      this.catalog.summary(organizationId),
      this.imports.latestImport(organizationId),
      this.languages.of(organizationId),
    ]);
    return {
      organization_id: organizationId,
      product_count: summary.productCount,
      last_import: lastImport,
      updated_at: summary.updatedAt?.toISOString() ?? null,
      language: languages.language,
      product_languages: languages.productLanguages,
    };
  }
}
