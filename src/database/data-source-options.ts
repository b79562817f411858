import type { DataSourceOptions } from 'typeorm';
import { entities } from './entities';
import { migrations } from './migrations';

/** The one place TypeORM options are built: used by the Nest module and by ormconfig.ts (CLI). */
export function buildDataSourceOptions(databaseUrl: string): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities,
    migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: ['error'],
    extra: {
      max: 20,
      // Fail fast while PostgreSQL is down so the API answers 503 instead of hanging.
      connectionTimeoutMillis: 5_000,
    },
  };
}
