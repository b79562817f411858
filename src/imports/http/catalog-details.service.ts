import { Injectable } from '@nestjs/common';
import { CatalogReadService } from '../../catalog/catalog-read.service';
import { ImportJobDto } from './dto/import-job.dto';
import { ImportJobRepository } from '../jobs/repositories/import-job.repository';
import type { CatalogDetailsDto } from './dto/catalog-details.dto';

@Injectable()
export class CatalogDetailsService {
  constructor(
    private readonly catalog: CatalogReadService,
    private readonly jobs: ImportJobRepository,
  ) {}

  async get(organizationId: string): Promise<CatalogDetailsDto> {
    const [summary, lastImport] = await Promise.all([
      this.catalog.summary(organizationId),
      this.jobs.latestForOrganization(organizationId),
    ]);
    return {
      organization_id: organizationId,
      product_count: summary.productCount,
      last_import: lastImport ? ImportJobDto.from(lastImport) : null,
      updated_at: summary.updatedAt?.toISOString() ?? null,
    };
  }
}
