import { DataSource } from 'typeorm';
import { SearchIndexRepository } from '../../src/catalog/indexing/search-index.repository';
import { createCaller } from '../support/factories';
import { upload, waitForIndexing, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Deleting an organization deletes its products (a trigger since products lost its foreign key,
 * see migration 1764300530000), including those of an import batch still in flight, and its
 * search rows and pending entries (migration 1764300550000), including those of an indexer
 * statement still in flight.
 */
describe('Deleting an organization', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.app.get(DataSource);
  const rowCount = async (table: string, organizationId: string): Promise<number> => {
    const [{ n }]: Array<{ n: string }> = await db().query(`SELECT count(*) AS n FROM ${table} WHERE organization_id = $1`, [
      organizationId,
    ]);
    return Number(n);
  };
  const productCount = (organizationId: string) => rowCount('products', organizationId);

  it('deletes its products, search rows and pending entries, and no other organization’s', async () => {
    const gone = await createCaller(t.app);
    const kept = await createCaller(t.app);
    const file = JSON.stringify([
      { id: 'a', title: 'A' },
      { id: 'b', title: 'B' },
    ]);
    for (const caller of [gone, kept]) {
      expect((await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, file))).status).toBe('done');
      await waitForIndexing(t.app, caller.organizationId);
    }
    // A row an indexer wrote for a product deleted meanwhile, and an entry not indexed yet.
    await db().query(`INSERT INTO product_search (organization_id, product_id, search) VALUES ($1, 'deleted', 'x')`, [gone.organizationId]);
    await db().query(`INSERT INTO product_search_pending (organization_id, product_id) VALUES ($1, 'a')`, [gone.organizationId]);

    await db().query('DELETE FROM organizations WHERE id = $1', [gone.organizationId]);

    for (const table of ['products', 'product_search', 'product_search_pending']) {
      await expect(rowCount(table, gone.organizationId)).resolves.toBe(0);
    }
    await expect(productCount(kept.organizationId)).resolves.toBe(2);
    await expect(rowCount('product_search', kept.organizationId)).resolves.toBe(2);
  });

  it('deletes the products of a batch that commits while the delete waits for it', async () => {
    const caller = await createCaller(t.app);
    const jobId = await upload(t.http, caller.auth, JSON.stringify([{ id: 'a', title: 'A' }]));
    await waitForJob(t.http, caller.auth, jobId);
    const batch = db().createQueryRunner();
    const deleter = db().createQueryRunner();
    try {
      // What a batch transaction does: move its job row, then write products.
      await batch.startTransaction();
      await batch.query('UPDATE import_jobs SET cursor = cursor WHERE id = $1', [jobId]);
      await batch.query(
        `INSERT INTO products (organization_id, product_id, content_hash, data) VALUES ($1, 'late', '\\x00', '{"id":"late","title":"L"}')`,
        [caller.organizationId],
      );
      const deleted = deleter.query('DELETE FROM organizations WHERE id = $1', [caller.organizationId]);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the delete is now waiting on the job row
      await batch.commitTransaction();
      await deleted;
    } finally {
      await batch.release();
      await deleter.release();
    }

    await expect(productCount(caller.organizationId)).resolves.toBe(0);
  });

  it('deletes the search rows of an indexer statement that was writing while the delete started', async () => {
    const caller = await createCaller(t.app);
    const file = JSON.stringify([
      { id: 'a', title: 'A' },
      { id: 'b', title: 'B' },
    ]);
    expect((await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, file))).status).toBe('done');
    await waitForIndexing(t.app, caller.organizationId);
    await db().query(`DELETE FROM product_search WHERE organization_id = $1 AND product_id = 'a'`, [caller.organizationId]);
    const holder = db().createQueryRunner();
    const deleter = db().createQueryRunner();
    try {
      // Holding b's row stops the indexer's statement after it picked both entries and inserted a (id order).
      await holder.startTransaction();
      await holder.query(`SELECT 1 FROM product_search WHERE organization_id = $1 AND product_id = 'b' FOR UPDATE`, [
        caller.organizationId,
      ]);
      await db().query(`INSERT INTO product_search_pending (organization_id, product_id) VALUES ($1, 'a'), ($1, 'b')`, [
        caller.organizationId,
      ]);
      // The worker's sweep may take the entries instead: the same statement either way.
      const indexing = t.app.get(SearchIndexRepository).indexPending(caller.organizationId, 10, 200_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const deleted = deleter.query('DELETE FROM organizations WHERE id = $1', [caller.organizationId]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await holder.commitTransaction();
      await Promise.all([indexing, deleted]);
    } finally {
      await holder.release();
      await deleter.release();
    }

    for (const table of ['products', 'product_search', 'product_search_pending']) {
      await expect(rowCount(table, caller.organizationId)).resolves.toBe(0);
    }
  });
});
