import pino from 'pino';
import type { DataSourceOptions } from 'typeorm';
import { migrations } from './migrations';
import { PinoSqlLogger, type SqlLogSink } from './sql-logger';

/** How the service's own connections behave (the CLI data source and migrations use none of it). */
export interface SessionSettings {
  poolSize: number;
  /** PostgreSQL cancels any statement running longer (0 = no limit). */
  statementTimeoutMs: number;
  /** PostgreSQL ends a session left idle inside a transaction this long (0 = no limit). */
  idleInTransactionTimeoutMs: number;
}

/**
 * The one place TypeORM options are built: used by the Nest module and by ormconfig.ts (CLI). No
 * entities here: the Nest module loads those its feature modules register, ormconfig.ts lists all.
 * TypeORM's messages go to `log` (the service's pino), else to a plain pino on stderr.
 */
export function buildDataSourceOptions(databaseUrl: string, session?: SessionSettings, log?: SqlLogSink): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: ['error'],
    logger: new PinoSqlLogger(log ?? stderrLog()),
    extra: {
      max: session?.poolSize ?? 2,
      // Fail fast while PostgreSQL is down so the API answers 503 instead of hanging.
      connectionTimeoutMillis: 5_000,
      // Sent as startup parameters, so they hold on every connection of the pool (false = server default).
      statement_timeout: session?.statementTimeoutMs || false,
      idle_in_transaction_session_timeout: session?.idleInTransactionTimeoutMs || false,
      // No JIT: the search and facet statements are estimated far above jit_above_cost (CTE row
      // guesses) and compiling them took 3.6-6.2 s of a facets request whose plan runs in 0.2-0.3 s.
      options: '-c jit=off',
    },
  };
}

let stderrSink: SqlLogSink | undefined;

/** One synchronous pino on stderr, shared by every data source built without the service's logger. */
function stderrLog(): SqlLogSink {
  stderrSink ??= pino({ base: null }, pino.destination({ dest: 2, sync: true }));
  return stderrSink;
}
