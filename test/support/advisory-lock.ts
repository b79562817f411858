import { Client } from 'pg';

/**
 * Runs `work` while a connection of its own holds the transaction-level advisory lock (`namespace`,
 * `key`): what another worker holding a pass looks like to the code under test.
 */
export async function whileAdvisoryLockHeld<T>(databaseUrl: string, namespace: number, key: number, work: () => Promise<T>): Promise<T> {
  const other = new Client({ connectionString: databaseUrl });
  await other.connect();
  try {
    await other.query('BEGIN');
    await other.query('SELECT pg_advisory_xact_lock($1, $2)', [namespace, key]);
    return await work();
  } finally {
    await other.query('ROLLBACK');
    await other.end();
  }
}
