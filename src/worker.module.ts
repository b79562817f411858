import { BullModule } from '@nestjs/bull';
import { DynamicModule, Module } from '@nestjs/common';
import { CatalogModule } from './catalog/catalog.module';
import type { AppConfig } from './common/config/app-config';
import { ConfigModule } from './common/config/config.module';
import { LoggingModule } from './common/logging/logging.module';
import { MetricsModule } from './common/metrics/metrics.module';
import { ReadsModule } from './reads/reads.module';
import { DatabaseModule } from './database/database.module';
import { ReplicaFencesModule } from './database/replicas/replicas.module';
import { ImportJobsModule } from './imports/import-jobs.module';
import { BULL_ROOT_OPTIONS } from './database/bull-root-options';
import { WebhookDeliveryModule } from './webhooks/delivery/webhook-delivery.module';

/** The import and webhook workers alone: no HTTP, no auth. */
@Module({})
export class WorkerModule {
  static forRoot(config?: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(),
        MetricsModule,
        DatabaseModule,
        ReplicaFencesModule,
        ReadsModule,
        BullModule.forRootAsync(BULL_ROOT_OPTIONS),
        ImportJobsModule,
        CatalogModule,
        WebhookDeliveryModule,
      ],
    };
  }
}
