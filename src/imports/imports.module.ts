import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CatalogModule } from '../catalog/catalog.module';
import { JobsModule } from '../jobs/jobs.module';
import { CatalogDetailsService } from './catalog-details.service';
import { CatalogsController } from './catalogs.controller';
import { ImportJobsService } from './import-jobs.service';
import { ImportReportService } from './import-report.service';
import { ImportUploadService } from './import-upload.service';
import { ImportsController } from './imports.controller';
import { PendingImportQuota } from './pending-import-quota.service';
import { UploadCheckpoints } from './upload/upload-checkpoints';
import { UploadMetrics } from './upload-metrics';

@Module({
  imports: [AuthModule, JobsModule, CatalogModule],
  controllers: [ImportsController, CatalogsController],
  providers: [ImportUploadService, ImportJobsService, ImportReportService, CatalogDetailsService, UploadCheckpoints, PendingImportQuota, UploadMetrics],
  exports: [CatalogDetailsService, ImportJobsService],
})
export class ImportsModule {}
