import { DataSource } from 'typeorm';
import { createCaller } from './support/factories';
import { upload, waitForJob } from './support/imports';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * Deleting an organization deletes its products (a trigger since products lost its foreign key,
 * see migration 1764300530000), including those of an import batch still in flight.
 */
describe('Deleting an organization', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const db = () => t.app.get(DataSource);
  const productCount = async (organizationId: string): Promise<number> => {
    const [{ n }]: Array<{ n: string }> = await db().query('SELECT count(*) AS n FROM products WHERE organization_id = $1', [organizationId]);
    return Number(n);
  };

  it('deletes its products and no other organization’s', async () => {
    const gone = await createCaller(t.app);
    const kept = await createCaller(t.app);
    const file = JSON.stringify([
      { id: 'a', title: 'A' },
      { id: 'b', title: 'B' },
    ]);
    for (const caller of [gone, kept]) {
      expect((await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, file))).status).toBe('done');
    }

    await db().query('DELETE FROM organizations WHERE id = $1', [gone.organizationId]);

    await expect(productCount(gone.organizationId)).resolves.toBe(0);
    await expect(productCount(kept.organizationId)).resolves.toBe(2);
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
});
