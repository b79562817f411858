import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module';
import { QueueNamespaceModule } from '../database/queue-namespace.module';
import { ImportErrorRecord } from './jobs/entities/import-error.entity';
import { ImportFileChunk } from './jobs/entities/import-file-chunk.entity';
import { ImportJob } from './jobs/entities/import-job.entity';
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
import { ImportQueueProducer } from './queue/import-queue.producer';
import { QueueMetricsService } from './queue/queue-metrics.service';
import { ForeignJobAdmissionService } from './worker/foreign-job-admission.service';
import { ImportDeliveryProcessor } from './worker/import-delivery.processor';
import { ImportJobRunnerService } from './worker/import-job-runner.service';
import { ImportQueueConsumer } from './worker/import-queue.consumer';
import { ImportReconcilerService } from './worker/import-reconciler.service';
import { ImportRetentionService } from './worker/import-retention.service';

/**
 * Everything an import is except HTTP: the job store (jobs/), the Bull queue "catalog-imports"
 * (queue/), the worker (worker/) and the batch pipeline (pipeline/). The worker process imports
 * only this; Bull's root options come from the app and worker modules.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([ImportJob, ImportFileChunk, ImportErrorRecord]),
    QueueNamespaceModule,
    BullModule.registerQueue({ name: IMPORT_QUEUE }),
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
  ],
  exports: [
    // The import queue, for the readiness check.
    BullModule,
    // The upload's way in (intake, then producer) and the reads the HTTP side serves from these tables.
    JobIntakeService,
    ImportQueueProducer,
    ImportCancellationService,
    ImportJobRepository,
    ImportErrorRepository,
    ImportQueueConsumer,
    ImportRetentionService,
    FastPathReportService,
  ],
})
export class ImportJobsModule {}
