import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module';
import { AppConfig } from '../common/config/app-config';
import { ImportErrorRecord } from './jobs/entities/import-error.entity';
import { ImportFileChunk } from './jobs/entities/import-file-chunk.entity';
import { ImportJob } from './jobs/entities/import-job.entity';
import { ImportCancellation } from './jobs/import-cancellation';
import { JobIntake } from './jobs/intake/job-intake';
import { buildBullOptions } from '../database/bull-options.factory';
import { IMPORT_QUEUE } from './queue/import-queue.constants';
import { ImportQueueProducer } from './queue/import-queue.producer';
import { QueueNamespace } from '../database/queue-namespace';
import { QueueNamespaceModule } from '../database/queue-namespace.module';
import { ImportMetrics } from './queue/import-metrics';
import { QueueMetrics } from './queue/queue-metrics';
import { ImportErrorRepository } from './jobs/repositories/import-error.repository';
import { ImportFileRepository } from './jobs/repositories/import-file.repository';
import { ImportJobIdsRepository } from './jobs/repositories/import-job-ids.repository';
import { ImportJobRepository } from './jobs/repositories/import-job.repository';
import { ImportRetentionRepository } from './jobs/repositories/import-retention.repository';
import { OrganizationLockRepository } from './jobs/repositories/organization-lock.repository';
import { OutboxEventRepository } from '../webhooks/repositories/outbox-event.repository';
import { ForeignJobAdmission } from './worker/foreign-job-admission';
import { ImportReconciler } from './worker/import-reconciler';
import { ImportRetention } from './worker/import-retention';
import { ImportJobRunner } from './worker/import-job-runner';
import { ImportQueueConsumer } from './worker/import-queue.consumer';
import { ImportDeliveryProcessor } from './worker/import-delivery.processor';

/**
 * Import jobs: their table, the Bull queue "catalog-imports", the processor and the reconciler, and
 * the outbox of finished-job events (written by the statement that ends a job; read by webhooks
 * through OutboxEventRepository — jobs knows nothing of its consumers).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([ImportJob, ImportFileChunk, ImportErrorRecord]),
    QueueNamespaceModule,
    // The prefix comes from the database (QueueNamespace), so Bull is configured after migrations.
    BullModule.forRootAsync({ imports: [QueueNamespaceModule], inject: [AppConfig, QueueNamespace], useFactory: buildBullOptions }),
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
    OutboxEventRepository,
    ImportQueueProducer,
    ImportCancellation,
    JobIntake,
    ImportJobRunner,
    ImportDeliveryProcessor,
    ForeignJobAdmission,
    ImportReconciler,
    ImportRetention,
    ImportQueueConsumer,
    ImportMetrics,
    QueueMetrics,
  ],
  exports: [
    BullModule,
    QueueNamespaceModule,
    // The upload's way in (intake, then producer) and the reads the HTTP side serves from these tables.
    JobIntake,
    ImportQueueProducer,
    ImportCancellation,
    ImportJobRepository,
    ImportErrorRepository,
    ImportQueueConsumer,
    ImportRetention,
    OutboxEventRepository,
  ],
})
export class ImportJobsModule {}
