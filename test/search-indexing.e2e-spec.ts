import request from 'supertest';
import { DataSource } from 'typeorm';
import { SearchIndexer } from '../src/catalog/search/search-indexer.service';
import { createCaller, type TestCaller } from './support/factories';
import { upload, waitForJob, waitForSearch } from './support/imports';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * README "Search after an import": imports write products without their search vector; the
 * worker's search indexer computes it after each batch commit. `done` means written, search
 * follows (import_search_lag_seconds), and whatever a crash leaves unindexed is picked up again.
 */
describe('Search indexing after imports', () => {
  let t: TestApp;
  let caller: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    caller = await createCaller(t.app);
  });
  afterAll(() => t.close());

  const db = () => t.app.get(DataSource);
  const unindexed = async (organizationId: string): Promise<number> => {
    const rows: Array<{ n: string }> = await db().query(
      'SELECT count(*) AS n FROM products WHERE organization_id = $1 AND search IS NULL',
      [organizationId],
    );
    return Number(rows[0].n);
  };
  const importFile = async (file: unknown[]) => {
    const job = await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, JSON.stringify(file)));
    expect(job.status).toBe('done');
  };
  const metricCount = async (): Promise<number> => {
    const text = (await request(t.http).get('/metrics').expect(200)).text;
    return Number(/^import_search_lag_seconds_count (\d+)$/m.exec(text)?.[1] ?? NaN);
  };

  it('makes every imported product searchable after done and records the lag', async () => {
    const before = await metricCount();
    const file = Array.from({ length: 2_500 }, (_, i) => ({ id: `lamp-${i}`, title: `Desk lamp ${i}`, description: 'Brass finish' }));
    await importFile(file);
    const page = await waitForSearch(t.http, caller.auth, 'brass', 100);
    expect(page.body.next_cursor).not.toBeNull(); // more than one page: all 2,500 match
    await expect(unindexed(caller.organizationId)).resolves.toBe(0);
    // The lag of this job is observed once the indexer has caught up.
    const deadline = Date.now() + 10_000;
    while ((await metricCount()) <= before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await metricCount()).toBeGreaterThan(before);
  });

  it('re-indexes a changed product: its old words stop matching, its new ones match', async () => {
    await importFile([{ id: 'rug-1', title: 'Jute rug' }]);
    await waitForSearch(t.http, caller.auth, 'jute', 1);
    await importFile([{ id: 'rug-1', title: 'Sisal rug' }]);
    await waitForSearch(t.http, caller.auth, 'sisal', 1);
    await waitForSearch(t.http, caller.auth, 'jute', 0);
  });

  it('indexes products left without a vector (a crash between commit and indexing) on the next sweep', async () => {
    await importFile([{ id: 'vase-1', title: 'Glass vase' }]);
    await waitForSearch(t.http, caller.auth, 'vase', 1);
    const [, cleared]: [unknown, number] = await db().query(`UPDATE products SET search = NULL WHERE organization_id = $1`, [
      caller.organizationId,
    ]);
    expect(cleared).toBeGreaterThan(2_500);
    await t.app.get(SearchIndexer).sweep();
    await waitForSearch(t.http, caller.auth, 'vase', 1);
    await waitForSearch(t.http, caller.auth, 'brass', 100);
    await expect(unindexed(caller.organizationId)).resolves.toBe(0);
  });

  it('ranks exactly as the stored vector did (title A, brand/categories B, tags C, description D)', async () => {
    const rows: Array<{ same: boolean }> = await db().query(
      `SELECT product_search_vector(data) = search AS same FROM products WHERE organization_id = $1 AND product_id = 'rug-1'`,
      [caller.organizationId],
    );
    expect(rows).toEqual([{ same: true }]);
    const weights: Array<{ v: string }> = await db().query(
      `SELECT product_search_vector('{"title":"alpha","brand":"beta","categories":["gamma"],"tags":["delta"],"description":"epsilon"}')::text AS v`,
    );
    expect(weights[0].v).toBe("'alpha':1A 'beta':2B 'delta':4C 'epsilon':5 'gamma':3B");
  });
});
