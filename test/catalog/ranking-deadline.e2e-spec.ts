import { DataSource } from 'typeorm';
import { runNamed } from '../../src/catalog/search/own-rows';
import { Deadline, DeadlinePassed } from '../../src/catalog/search/ranking/deadline';
import type { Run } from '../../src/catalog/search/ranking/score';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The ranking budget (src/catalog/search/ranking/deadline.ts) on a real transaction: a statement
 * outlasting the deadline is cancelled, the read's transaction stays usable with its own
 * statement_timeout back, and a statement within it runs as usual.
 */
describe('Ranking budget (Deadline)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const inTransaction = <T>(work: (run: Run) => Promise<T>): Promise<T> =>
    t.app.get(DataSource).transaction(async (manager) => {
      await manager.query(`SET LOCAL statement_timeout = '7s'`);
      return work((sql, params = {}) => runNamed(manager, sql, params));
    });

  it('cancels a statement at the deadline and leaves the transaction usable, with its own timeout', async () => {
    const after = await inTransaction(async (run) => {
      const timed = new Deadline(150).bind(run);
      // Uncancelled, pg_sleep would return its row: the rejection is the statement_timeout's cancel.
      await expect(timed('SELECT pg_sleep(2)')).rejects.toBeInstanceOf(DeadlinePassed);
      const [row] = await run<{ timeout: string; one: number }>(`SELECT current_setting('statement_timeout') AS timeout, 1 AS one`);
      return row;
    });
    expect(after).toEqual({ timeout: '7s', one: 1 });
  });

  it('runs a statement within the deadline and gives the read its timeout back', async () => {
    const result = await inTransaction(async (run) => {
      const timed = new Deadline(5_000).bind(run);
      const setting = `SELECT setting::int AS ms FROM pg_settings WHERE name = 'statement_timeout'`;
      const [during] = await timed<{ ms: number }>(setting);
      const [after] = await run<{ ms: number }>(setting);
      return { during: during.ms, after: after.ms };
    });
    // What was left of the 5 s deadline while it ran, then the read's own 7 s again.
    expect(result.during).toBeGreaterThan(0);
    expect(result.during).toBeLessThanOrEqual(5_000);
    expect(result.after).toBe(7_000);
  });

  it('refuses at once once the deadline has passed, without running the statement', async () => {
    let now = 0;
    const statements: string[] = [];
    const run: Run = async (sql) => {
      statements.push(sql);
      return [];
    };
    const timed = new Deadline(10, () => now).bind(run);
    now = 10;
    await expect(timed('SELECT 1')).rejects.toBeInstanceOf(DeadlinePassed);
    expect(statements).toEqual([]);
  });
});
