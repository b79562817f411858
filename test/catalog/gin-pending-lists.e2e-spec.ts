import { DataSource } from 'typeorm';
import { PLANNER_STATISTICS_LOCK_NAMESPACE } from '../../src/database/organization-lock-key';
import { GinPendingListsService, SEARCH_GIN_INDEXES_SQL } from '../../src/catalog/stats/gin-pending-lists.service';
import { SEARCH_TABLES } from '../../src/catalog/stats/planner-statistics.service';
import { whileAdvisoryLockHeld } from '../support/advisory-lock';
import { createCaller } from '../support/factories';
import { upload, waitForIndexing, waitForJob } from '../support/imports';
import { eventually } from '../support/eventually';
import { createTestApp, type TestApp } from '../support/test-app';

const products = Array.from({ length: 120 }, (_, i) => ({
  id: `kettle-${i}`,
  title: `Enamel kettle ${i}`,
  description: `Stovetop kettle number ${i}, whistling spout`,
  price: { amount: 20 + i, currency: 'EUR' },
  attributes: { colour: i % 2 ? 'red' : 'blue' },
}));

/**
 * Entries a search index gets wait in its GIN pending list, which every search reads whole, until
 * the list passes 4 MB or autovacuum runs (this machine's does not): the worker flushes the search
 * tables' lists once indexing has drained, so searches after an import do not depend on where its
 * last flush fell. pgstattuple's pgstatginindex reads the lists' size.
 */
describe('GIN pending lists of the search tables', () => {
  let t: TestApp;

  const pendingTuples = async (index: string): Promise<number> => {
    const [row] = (await t.app.get(DataSource).query(`SELECT (pgstatginindex($1::regclass)).pending_tuples::int AS n`, [index])) as Array<{
      n: number;
    }>;
    return row.n;
  };
  const searchIndexes = async (): Promise<string[]> =>
    ((await t.app.get(DataSource).query(SEARCH_GIN_INDEXES_SQL, [SEARCH_TABLES])) as Array<{ index: string }>).map((r) => r.index);

  describe('in the worker', () => {
    beforeAll(async () => {
      t = await createTestApp();
      await t.app.get(DataSource).query('CREATE EXTENSION IF NOT EXISTS pgstattuple');
    });
    afterAll(() => t.close());

    it('empties product_search_idx within seconds of an import', async () => {
      expect(await searchIndexes()).toEqual(expect.arrayContaining(['product_search_idx', 'search_vocabulary_trgm_idx']));
      const owner = await createCaller(t.app);
      await waitForJob(t.http, owner.auth, await upload(t.http, owner.auth, JSON.stringify(products)));
      await waitForIndexing(t.app, owner.organizationId);
      await eventually('the worker to flush product_search_idx', async () => (await pendingTuples('product_search_idx')) === 0, {
        timeoutMs: 15_000,
      });
    });
  });

  describe('one pass', () => {
    beforeAll(async () => {
      t = await createTestApp({ worker: false });
      await t.app.get(DataSource).query('CREATE EXTENSION IF NOT EXISTS pgstattuple');
    });
    afterAll(() => t.close());

    it('flushes every list that holds entries, nothing while another worker holds the pass, and nothing again without writes', async () => {
      // A changed vector is a new index entry (no HOT update): it waits in the pending list.
      await t.app.get(DataSource).query(`UPDATE product_search SET search = search || 'pendingword'::tsvector`);
      expect(await pendingTuples('product_search_idx')).toBeGreaterThan(0);

      await whileAdvisoryLockHeld(t.config.databaseUrl, PLANNER_STATISTICS_LOCK_NAMESPACE, 1, async () => {
        expect(await t.app.get(GinPendingListsService).flushSettled()).toEqual([]);
        expect(await pendingTuples('product_search_idx')).toBeGreaterThan(0);
      });

      const flushed = await t.app.get(GinPendingListsService).flushSettled();
      expect(flushed).toEqual(expect.arrayContaining([expect.stringMatching(/^product_search_idx \(\d+ pages\)$/)]));
      for (const index of await searchIndexes()) expect(await pendingTuples(index)).toBe(0);
      expect(await t.app.get(GinPendingListsService).flushSettled()).toEqual([]);
    });
  });
});
