import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CatalogDetailsService } from '../catalog/catalog-details.service';
import { CatalogModule } from '../catalog/catalog.module';
import { CatalogsController } from '../catalog/catalogs.controller';
import { LatestImportSource } from '../catalog/latest-import-source';
import { ImportJobsModule } from './import-jobs.module';
import { ImportJobsService } from './http/import-jobs.service';
import { ImportReportService } from './http/import-report.service';
import { ImportUploadService } from './http/import-upload.service';
import { ImportsController } from './http/imports.controller';
import { PendingImportQuotaService } from './http/pending-import-quota.service';
import { UploadCheckpointsService } from './http/upload/upload-checkpoints.service';
import { UploadMetricsService } from './http/upload-metrics.service';

/**
 * The import's HTTP side (http/). It also declares the catalog's GET /v1/catalogs, whose latest
 * import it supplies (LatestImportSource), so the catalog needs nothing from this module.
 */
@Module({
  imports: [AuthModule, ImportJobsModule, CatalogModule],
  controllers: [ImportsController, CatalogsController],
  providers: [
    ImportUploadService,
    ImportJobsService,
    ImportReportService,
    UploadCheckpointsService,
    PendingImportQuotaService,
    { provide: LatestImportSource, useExisting: ImportJobsService },
    CatalogDetailsService,
    UploadMetricsService,
  ],
  exports: [CatalogDetailsService, ImportJobsService],
})
export class ImportsModule {}
