import { DataSource } from 'typeorm';
import { SWEEP_WORDS } from '../../src/catalog/indexing/search-vocabulary.repository';
import { createCaller } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The vocabulary sweep's statement probes each word of its batch once, whatever the planner
 * believes: statistics taken before an organization's words existed (autovacuum off, or behind)
 * once planned a nested loop that probed every word once per word of the batch, so a batch of
 * 2,000 words ran into the 60 s statement timeout every minute and the walk never ended. (That plan
 * came from the bench database's statistics; this database's do not reproduce it, so this spec pins
 * the count of probes, one per word, and what is removed.)
 */
describe('Vocabulary sweep statement', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ worker: false }); // no worker statistics pass or sweep beside the one measured
  });
  afterAll(() => t.close());

  it('probes each word once and removes the words no product has', async () => {
    const caller = await createCaller(t.app);
    const dataSource = t.app.get(DataSource);
    await dataSource.query('ANALYZE search_vocabulary'); // statistics without this organization's words
    const words = Array.from({ length: 400 }, (_, i) => `sweepword${String(i).padStart(3, '0')}`);
    await dataSource.query(`INSERT INTO search_vocabulary (organization_id, word) SELECT $1, unnest($2::text[])`, [
      caller.organizationId,
      words,
    ]);
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      await runner.query(`SET LOCAL track_functions = 'all'`); // counts this transaction's function calls
      const [swept] = (await runner.query(SWEEP_WORDS, [caller.organizationId, '', 10_000])) as Array<Record<string, unknown>>;
      const [{ calls }] = (await runner.query(
        `SELECT pg_stat_get_xact_function_calls('product_search_contains(uuid, tsquery)'::regprocedure)::int AS calls`,
      )) as Array<{ calls: number }>;
      expect(swept).toEqual({ checked: 400, removed: 400, last_word: 'sweepword399' });
      expect(calls).toBe(400);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
