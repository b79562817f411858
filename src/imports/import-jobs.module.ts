import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module';
import { AppConfig } from '../common/config/app-config';
import { QueueNamespaceModule } from '../database/queue-namespace.module';
import { IMPORT_ENTITIES } from './import-entities';
import { ImportHealthService } from './import-health.service';
import { ImportJobsService } from './import-jobs.service';
import { ImportReportService } from './http/import-report.service';
import { PendingImportQuotaService } from './http/pending-import-quota.service';
import { ImportCancellationService } from './jobs/import-cancellation.service';
import { JobIntakeService } from './jobs/intake/job-intake.service';
import { ImportErrorRepository } from './jobs/repositories/import-error.repository';
import { ImportFileRepository } from './jobs/repositories/import-file.repository';
import { ImportJobIdsRepository } from './jobs/repositories/import-job-ids.repository';
import { ImportJobRepository } from './jobs/repositories/import-job.repository';
import { ImportRetentionRepository } from './jobs/repositories/import-retention.repository';
import { OrganizationLockRepository } from './jobs/repositories/organization-lock.repository';
import { FastPathReportService, fastPathStatusProvider } from './pipeline/fast-path/fast-path-report.service';
import { ImportBatchService } from './pipeline/import-batch.service';
import { ImportMetricsService } from './queue/import-metrics.service';
import { IMPORT_QUEUE } from './queue/import-queue.constants';
import { importQueueOptions } from './queue/import-queue-options';
import { ImportQueueProducer } from './queue/import-queue.producer';
import { QueueMetricsService } from './queue/queue-metrics.service';
import { ForeignJobAdmissionService } from './worker/foreign-job-admission.service';
import { ImportDeliveryProcessor } from './worker/import-delivery.processor';
import { ImportJobRunnerService } from './worker/import-job-runner.service';
import { ImportQueueConsumer } from './worker/import-queue.consumer';
import { ImportReconcilerService } from './worker/import-reconciler.service';
import { ImportRetentionService } from './worker/import-retention.service';

/**
 * Everything an import is except HTTP routes: the job store (jobs/), the Bull queue "catalog-imports"
 * (queue/), the worker (worker/) and the batch pipeline (pipeline/). The worker process imports
 * only this; Bull's root options come from the app and worker modules. It exports services only:
 * repositories, the pipeline and the worker stay inside.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature(IMPORT_ENTITIES),
    QueueNamespaceModule,
    BullModule.registerQueueAsync({ name: IMPORT_QUEUE, inject: [AppConfig], useFactory: importQueueOptions }),
    CatalogModule,
  ],
  providers: [
    ImportJobRepository,
    ImportJobIdsRepository,
    ImportFileRepository,
    ImportErrorRepository,
    OrganizationLockRepository,
    ImportRetentionRepository,
    ImportQueueProducer,
    ImportCancellationService,
    JobIntakeService,
    ImportBatchService,
    ImportJobRunnerService,
    ImportDeliveryProcessor,
    ForeignJobAdmissionService,
    ImportReconcilerService,
    ImportRetentionService,
    ImportQueueConsumer,
    ImportMetricsService,
    QueueMetricsService,
    fastPathStatusProvider,
    FastPathReportService,
    ImportJobsService,
    ImportReportService,
    PendingImportQuotaService,
    ImportHealthService,
  ],
  exports: [
    // The face: job reads (MCP, GET /v1/catalogs) and what the readiness check asks.
    ImportJobsService,
    ImportHealthService,
    // For the HTTP side (ImportsModule): the upload's way in (intake, then producer), cancel, the report, the quota.
    JobIntakeService,
    ImportQueueProducer,
    ImportCancellationService,
    ImportReportService,
    PendingImportQuotaService,
  ],
})
export class ImportJobsModule {}
