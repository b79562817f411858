import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module';
import { AppConfig } from '../common/config/app-config';
import { ImportErrorRecord } from './entities/import-error.entity';
import { ImportFileChunk } from './entities/import-file-chunk.entity';
import { ImportJob } from './entities/import-job.entity';
import { JobIntake } from './intake/job-intake.service';
import { buildBullOptions } from './queue/bull-options.factory';
import { IMPORT_QUEUE } from './queue/import-queue.constants';
import { ImportQueueProducer } from './queue/import-queue.producer';
import { QueueNamespace } from '../database/queue-namespace';
import { QueueNamespaceModule } from '../database/queue-namespace.module';
import { ImportMetrics } from './queue/import-metrics';
import { QueueMetrics } from './queue/queue-metrics';
import { ImportErrorRepository } from './repositories/import-error.repository';
import { ImportFileRepository } from './repositories/import-file.repository';
import { ImportJobRepository } from './repositories/import-job.repository';
import { ImportRetentionRepository } from './repositories/import-retention.repository';
import { OrganizationLockRepository } from './repositories/organization-lock.repository';
import { ForeignJobGuard } from './worker/foreign-job.guard';
import { ImportReconciler } from './worker/import-reconciler.service';
import { ImportRetention } from './worker/import-retention.service';
import { ImportRunner } from './worker/import-runner';
import { ImportWorker } from './worker/import-worker.service';
import { ImportProcessor } from './worker/import.processor';

/** Import jobs: their table, the Bull queue "catalog-imports", the processor and the reconciler. */
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
    ImportFileRepository,
    ImportErrorRepository,
    OrganizationLockRepository,
    ImportRetentionRepository,
    ImportQueueProducer,
    JobIntake,
    ImportRunner,
    ImportProcessor,
    ForeignJobGuard,
    ImportReconciler,
    ImportRetention,
    ImportWorker,
    ImportMetrics,
    QueueMetrics,
  ],
  exports: [
    BullModule,
    QueueNamespaceModule,
    // The upload's way in (intake, then producer) and the reads the HTTP side serves from these tables.
    JobIntake,
    ImportQueueProducer,
    ImportJobRepository,
    ImportErrorRepository,
    ImportWorker,
    ImportRetention,
  ],
})
export class JobsModule {}
