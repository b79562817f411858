import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CatalogModule } from '../catalog/catalog.module';
import { LatestImportSource } from '../catalog/latest-import-source';
import { ImportJobsModule } from './import-jobs.module';
import { ImportJobsService } from './import-jobs.service';
import { ImportUploadService } from './http/import-upload.service';
import { ImportsController } from './http/imports.controller';
import { UploadCheckpointsService } from './http/upload/upload-checkpoints.service';
import { UploadMetricsService } from './http/upload-metrics.service';

/**
 * The import's HTTP side (http/) and its public face: ImportJobsService for MCP, and the latest
 * import as the catalog's LatestImportSource (for GET /v1/catalogs, declared by the catalog).
 */
@Module({
  imports: [AuthModule, ImportJobsModule, CatalogModule],
  controllers: [ImportsController],
  providers: [
    ImportUploadService,
    UploadCheckpointsService,
    { provide: LatestImportSource, useExisting: ImportJobsService },
    UploadMetricsService,
  ],
  exports: [ImportJobsModule, LatestImportSource],
})
export class ImportsModule {}
