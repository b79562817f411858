import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { AppConfig } from '../common/config/app-config';
import { buildDataSourceOptions } from './data-source-options';
import { ensureDatabase } from './ensure-database';
import { runMigrationsLocked } from './run-migrations';

/** Connects to PostgreSQL; on start creates the database if missing and applies pending migrations. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => buildDataSourceOptions(config.databaseUrl),
      dataSourceFactory: async (options?: DataSourceOptions) => {
        if (!options) throw new Error('TypeORM options missing');
        await ensureDatabase((options as { url: string }).url);
        const dataSource = await new DataSource(options).initialize();
        await runMigrationsLocked(dataSource);
        return dataSource;
      },
    }),
  ],
})
export class DatabaseModule {}
