import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PinoLogger } from 'nestjs-pino';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { AppConfig } from '../common/config/app-config';
import { buildDataSourceOptions } from './data-source-options';
import { ensureDatabase } from './ensure-database';
import { ensureExtensionsAvailable } from './ensure-extensions';
import { poolSize } from './pool-size';
import { ReadScopedDataSource } from './read-scope/read-scoped-data-source';
import { runMigrationsLocked } from './run-migrations';

/**
 * Connects to PostgreSQL; on start creates the database if missing, refuses to start when the
 * server lacks an extension the search needs, and applies pending migrations.
 * Migrations run on a short-lived data source of their own, without the service's statement
 * timeout (an index build may legitimately take longer than any request).
 */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      // The service's pino logger; the admin CLI has none (its SQL errors go to stderr).
      inject: [AppConfig, { token: PinoLogger, optional: true }],
      useFactory: (config: AppConfig, log?: PinoLogger) => ({
        ...buildDataSourceOptions(
          config.databaseUrl,
          {
            poolSize: poolSize(config),
            statementTimeoutMs: config.database.statementTimeoutMs,
            idleInTransactionTimeoutMs: config.database.idleInTransactionTimeoutMs,
          },
          log,
        ),
        // Each feature module registers its entities (TypeOrmModule.forFeature): none are listed here.
        autoLoadEntities: true,
      }),
      dataSourceFactory: async (options?: DataSourceOptions) => {
        if (!options) throw new Error('TypeORM options missing');
        const url = (options as { url: string }).url;
        await ensureDatabase(url);
        const migrator = await new DataSource({ ...buildDataSourceOptions(url), logger: options.logger }).initialize();
        try {
          await ensureExtensionsAvailable(migrator);
          await runMigrationsLocked(migrator);
        } finally {
          await migrator.destroy();
        }
        return new ReadScopedDataSource(options).initialize();
      },
    }),
  ],
})
export class DatabaseModule {}
