import { DataSource } from 'typeorm';
import { PLANNER_STATISTICS_LOCK_NAMESPACE } from '../../src/database/organization-lock-key';
import { PlannerStatisticsService, SEARCH_TABLES, STALE_TABLES_SQL } from '../../src/catalog/stats/planner-statistics.service';
import { whileAdvisoryLockHeld } from '../support/advisory-lock';
import { createCaller } from '../support/factories';
import { upload, waitForIndexing, waitForJob } from '../support/imports';
import { eventually } from '../support/eventually';
import { createTestApp, type TestApp } from '../support/test-app';

const products = Array.from({ length: 80 }, (_, i) => ({
  id: `lamp-${i}`,
  title: `Oak lamp ${i}`,
  price: { amount: 10 + i, currency: 'EUR' },
  availability: 'in_stock',
}));

/**
 * The worker analyzes the search tables once enough of their rows changed (autovacuum's rule), so
 * searches of a catalog imported a moment ago are planned with statistics, whether or not the
 * database's autovacuum runs (this machine's does not).
 */
/** product_search's statistics live in its partitions; these organizations are in the shared one. */
const SHARED = 'product_search_shared';

describe('Planner statistics of the search tables', () => {
  let t: TestApp;

  const stale = async (): Promise<string[]> =>
    ((await t.app.get(DataSource).query(STALE_TABLES_SQL, [SEARCH_TABLES])) as Array<{ table: string }>).map((r) => r.table);
  const lastAnalyzed = async (table: string): Promise<Date | null> => {
    const [row] = (await t.app
      .get(DataSource)
      .query(
        `SELECT greatest(last_analyze, last_autoanalyze) AS at FROM pg_stat_user_tables WHERE relname = $1 AND schemaname = current_schema()`,
        [table],
      )) as Array<{ at: Date | null }>;
    return row.at;
  };
  /**
   * Every row of product_search changed (no trigger reads it): more than autovacuum's share. A
   * backend sends its counts to the statistics at most once a second unless told to (else up to 10 s
   * later, after an ANALYZE that then looks stale again): the counts are visible once this returns.
   */
  const touchEveryRow = () =>
    t.app.get(DataSource).transaction(async (manager) => {
      await manager.query('UPDATE product_search SET product_id = product_id');
      await manager.query('SELECT pg_stat_force_next_flush()');
    });

  describe('in the worker', () => {
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it("analyzes product_search's shared partition within seconds of an import that changed it", async () => {
      const owner = await createCaller(t.app);
      await waitForJob(t.http, owner.auth, await upload(t.http, owner.auth, JSON.stringify(products)));
      await waitForIndexing(t.app, owner.organizationId);
      const changed = new Date();
      await touchEveryRow();
      await eventually('the worker to analyze product_search_shared', async () => ((await lastAnalyzed(SHARED)) ?? new Date(0)) > changed, {
        timeoutMs: 15_000,
      });
      // The app's worker may index an earlier spec's leftovers meanwhile (the database is this Jest
      // worker's): fresh again within a pass, not necessarily at this instant; a pass then rests 9×
      // its own length (UPKEEP_SHARE), seconds on a loaded machine.
      await eventually('product_search_shared to be fresh', async () => !(await stale()).includes(SHARED), { timeoutMs: 30_000 });
    });
  });

  describe('one pass', () => {
    beforeAll(async () => {
      t = await createTestApp({ worker: false });
    });
    afterAll(() => t.close());

    it('analyzes only stale tables, and nothing while another worker holds the pass', async () => {
      await t.app.get(DataSource).query('ANALYZE product_search');
      await touchEveryRow();
      const rows = ((await t.app.get(DataSource).query('SELECT count(*)::int AS n FROM product_search')) as Array<{ n: number }>)[0].n;
      // The previous describe's import left rows here; with none, nothing can be stale.
      expect(rows).toBeGreaterThan(50);
      await eventually('the update to reach the statistics', async () => (await stale()).includes(SHARED), { timeoutMs: 10_000 });

      await whileAdvisoryLockHeld(t.config.databaseUrl, PLANNER_STATISTICS_LOCK_NAMESPACE, 0, async () => {
        expect(await t.app.get(PlannerStatisticsService).refreshStale()).toEqual([]);
        expect(await stale()).toContain(SHARED);
      });

      const analyzed = await t.app.get(PlannerStatisticsService).refreshStale();
      expect(analyzed).toContain(SHARED);
      expect(await stale()).toEqual([]);
      expect(await t.app.get(PlannerStatisticsService).refreshStale()).toEqual([]);
    });
  });
});
