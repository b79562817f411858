import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { READ_APPLICATION_NAME } from '../../src/database/read-scope/read-scope';

export interface TableLock {
  /** Reads (of a read scope) of this database now waiting for a lock: not the worker's background statements. */
  waiting(): Promise<number>;
  release(): Promise<void>;
}

/**
 * Holds ACCESS EXCLUSIVE locks on tables, from a connection of its own, so every statement that
 * reads them waits: a read as slow as the test wants, without a big catalog. `waiting()` asks from
 * a second connection of its own: asked through the app's pool, it could wait for a connection
 * behind statements queued on the lock (the worker's background work) and hang the test.
 */
export async function lockTables(app: INestApplication, tables: string[]): Promise<TableLock> {
  const dataSource = app.get(DataSource);
  const runner = dataSource.createQueryRunner();
  const observer = dataSource.createQueryRunner();
  await runner.connect();
  await observer.connect();
  await runner.startTransaction();
  await runner.query(`LOCK TABLE ${tables.join(', ')} IN ACCESS EXCLUSIVE MODE`);
  let released = false;
  return {
    waiting: async () => {
      const [{ n }] = (await observer.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND application_name = $1`,
        [READ_APPLICATION_NAME],
      )) as Array<{ n: number }>;
      return n;
    },
    release: async () => {
      if (released) return;
      released = true;
      await runner.rollbackTransaction();
      await runner.release();
      await observer.release();
    },
  };
}
