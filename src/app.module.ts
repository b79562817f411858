import { BullModule } from '@nestjs/bull';
import { DynamicModule, Module } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import { AuthModule } from './auth/auth.module';
import { CredentialsListenerModule } from './auth/invalidation/credentials-listener.module';
import { CatalogModule } from './catalog/catalog.module';
import { CatalogDetailsModule } from './catalog/catalog-details.module';
import type { AppConfig } from './common/config/app-config';
import { ConfigModule } from './common/config/config.module';
import { LoggingModule } from './common/logging/logging.module';
import { MetricsModule } from './common/metrics/metrics.module';
import { ReadsModule } from './reads/reads.module';
import { DatabaseModule } from './database/database.module';
import { ReplicasModule } from './database/replicas/replicas.module';
import { HealthModule } from './health/health.module';
import { ImportsModule } from './imports/imports.module';
import { ImportJobsModule } from './imports/import-jobs.module';
import { BULL_ROOT_OPTIONS } from './database/bull-root-options';
import { McpModule } from './mcp/mcp.module';
import { UcpModule } from './ucp/ucp.module';
import { WebhooksModule } from './webhooks/webhooks.module';

/** The HTTP application; it can also run the import and webhook workers (main.ts decides). */
@Module({})
export class AppModule {
  static forRoot(config?: AppConfig, options: { logDestination?: DestinationStream } = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(options.logDestination),
        MetricsModule,
        DatabaseModule,
        ReplicasModule,
        ReadsModule,
        AuthModule,
        CredentialsListenerModule,
        BullModule.forRootAsync(BULL_ROOT_OPTIONS),
        ImportJobsModule,
        CatalogModule,
        ImportsModule,
        CatalogDetailsModule.withLatestImportFrom(ImportsModule),
        UcpModule,
        McpModule,
        WebhooksModule,
        HealthModule,
      ],
    };
  }
}
