import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CatalogModule } from '../catalog/catalog.module';
import { ImportJobsModule } from './import-jobs.module';
import { CatalogDetailsService } from './http/catalog-details.service';
import { CatalogsController } from './http/catalogs.controller';
import { ImportJobsService } from './http/import-jobs.service';
import { ImportReportService } from './http/import-report.service';
import { ImportUploadService } from './http/import-upload.service';
import { ImportsController } from './http/imports.controller';
import { PendingImportQuota } from './http/pending-import-quota';
import { UploadCheckpoints } from './http/upload/upload-checkpoints';
import { UploadMetrics } from './http/upload-metrics';

@Module({
  imports: [AuthModule, ImportJobsModule, CatalogModule],
  controllers: [ImportsController, CatalogsController],
  providers: [ImportUploadService, ImportJobsService, ImportReportService, CatalogDetailsService, UploadCheckpoints, PendingImportQuota, UploadMetrics],
  exports: [CatalogDetailsService, ImportJobsService],
})
export class ImportsModule {}
