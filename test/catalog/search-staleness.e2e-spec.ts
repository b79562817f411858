import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { SearchIndexRepository } from '../../src/catalog/indexing/search-index.repository';
import { SearchIndexerService } from '../../src/catalog/indexing/search-indexer.service';
import { writeCatalogBatch } from '../support/catalog-writes';
import { createCaller, type TestCaller } from '../support/factories';
import { waitForSearch } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Between an import's commit and the search indexer's pass, what does search see? Without the
 * worker (no sweep, no import runs), batches are written the way ImportJobRunnerService writes them and
 * the indexer is called by hand: a new product is not found yet, a changed one is found by its
 * previous text (stale, never missing) until its vector is written again.
 */
describe('Search between an import and its indexing', () => {
  let t: TestApp;
  let caller: TestCaller;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    caller = await createCaller(t.app);
  });
  afterAll(() => t.close());

  /** One committed batch, as ImportJobRunnerService.commitBatch writes it. */
  const writeBatch = (products: Array<{ id: string; title: string; exists: boolean }>) =>
    writeCatalogBatch(
      t.app,
      caller.organizationId,
      products.map((p) => ({ product: { id: p.id, title: p.title }, exists: p.exists })),
    );
  const pending = async () =>
    Number(
      (
        await t.app
          .get(DataSource)
          .query('SELECT count(*) AS n FROM product_search_pending WHERE organization_id = $1', [caller.organizationId])
      )[0].n,
    );

  it('finds a new product only once indexed, and a changed one by its old text until it is indexed again', async () => {
    await writeBatch([{ id: 'rug-1', title: 'Jute rug', exists: false }]);
    await waitForSearch(t.http, caller.auth, 'jute', 0);
    await expect(pending()).resolves.toBe(1);

    await expect(t.app.get(SearchIndexerService).request(caller.organizationId)).resolves.toBe(true);
    await waitForSearch(t.http, caller.auth, 'jute', 1);

    await writeBatch([{ id: 'rug-1', title: 'Sisal rug', exists: true }]);
    await waitForSearch(t.http, caller.auth, 'jute', 1); // stale, not missing
    await waitForSearch(t.http, caller.auth, 'sisal', 0);

    await expect(t.app.get(SearchIndexerService).request(caller.organizationId)).resolves.toBe(true);
    await waitForSearch(t.http, caller.auth, 'sisal', 1);
    await waitForSearch(t.http, caller.auth, 'jute', 0);
    await expect(pending()).resolves.toBe(0);
  });

  it('indexes a product listed twice (changed twice before indexing) once, with its latest text', async () => {
    await writeBatch([{ id: 'lamp-1', title: 'Copper lamp', exists: false }]);
    await writeBatch([{ id: 'lamp-1', title: 'Pewter lamp', exists: true }]);
    await expect(pending()).resolves.toBe(2);

    await expect(t.app.get(SearchIndexerService).request(caller.organizationId)).resolves.toBe(true);

    await waitForSearch(t.http, caller.auth, 'pewter', 1);
    await waitForSearch(t.http, caller.auth, 'copper', 0);
    await expect(pending()).resolves.toBe(0);
  });

  it('leaves the entries of an organization with a running import to that import (the sweep skips it)', async () => {
    const db = t.app.get(DataSource);
    await writeBatch([{ id: 'vase-1', title: 'Celadon vase', exists: false }]);
    const [{ id: jobId }]: Array<{ id: string }> = await db.query(
      `INSERT INTO import_jobs (id, organization_id, account_id, status, file_name, file_size)
       VALUES ($1, $2, $3, 'processing', 'feed.json', 1) RETURNING id`,
      [randomUUID(), caller.organizationId, caller.accountId],
    );

    const repository = t.app.get(SearchIndexRepository);
    await expect(repository.organizationsPending()).resolves.not.toContain(caller.organizationId);

    await db.query(`UPDATE import_jobs SET status = 'done', completed_at = now() WHERE id = $1`, [jobId]);
    await expect(repository.organizationsPending()).resolves.toContain(caller.organizationId);
    await t.app.get(SearchIndexerService).sweep();
    await waitForSearch(t.http, caller.auth, 'celadon', 1);
    await expect(pending()).resolves.toBe(0);
  });

  it('drops the entries of products deleted before indexing', async () => {
    await writeBatch([{ id: 'gone-1', title: 'Walnut tray', exists: false }]);
    await t.app
      .get(DataSource)
      .query('DELETE FROM products WHERE organization_id = $1 AND product_id = $2', [caller.organizationId, 'gone-1']);

    await expect(t.app.get(SearchIndexerService).request(caller.organizationId)).resolves.toBe(true);

    await expect(pending()).resolves.toBe(0);
    await waitForSearch(t.http, caller.auth, 'walnut', 0);
  });
});
