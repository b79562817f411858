import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { ImportJobRunnerService } from '../../src/imports/worker/import-job-runner.service';
import { expectErrorShape } from '../support/assertions';
import { createCaller, type TestCaller } from '../support/factories';
import { GatedRunner } from '../support/gated-runner';
import { products, upload, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

const WAIT_MS = 1_500;

describe('DELETE /v1/catalogs/products/{id}', () => {
  let t: TestApp;
  let runner: GatedRunner;

  beforeAll(async () => {
    t = await createTestApp({
      config: (c) => ({ ...c, worker: { ...c.worker, batchSize: 10 }, catalog: { ...c.catalog, productDeleteWaitMs: WAIT_MS } }),
      override: (builder) => builder.overrideProvider(ImportJobRunnerService).useClass(GatedRunner),
    });
    runner = t.app.get(ImportJobRunnerService);
  });
  afterAll(async () => {
    await t.close();
  });

  const remove = (caller: TestCaller, id: string) => authed(t.http, caller).delete(`/v1/catalogs/products/${encodeURIComponent(id)}`);
  const get = (caller: TestCaller, id: string) => authed(t.http, caller).get(`/v1/catalogs/products/${encodeURIComponent(id)}`);

  async function withCatalog(count: number): Promise<TestCaller> {
    const caller = await createCaller(t.app);
    await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, products(count)));
    return caller;
  }

  it('deletes a product: 204 without a body, then 404; a second delete is 404', async () => {
    const caller = await withCatalog(3);
    const response = await remove(caller, 'p-1').expect(204);
    expect(response.text).toBe('');
    expect(expectErrorShape(await get(caller, 'p-1'), 404, 'not_found')).toBe('Product p-1 not found');
    expect(expectErrorShape(await remove(caller, 'p-1'), 404, 'not_found')).toBe('Product p-1 not found');
    await get(caller, 'p-0').expect(200);
    await get(caller, 'p-2').expect(200);
  });

  it("answers 404 for another organization's product and leaves it alone; 404 for ids no product can have", async () => {
    const owner = await withCatalog(1);
    const other = await createCaller(t.app);
    expectErrorShape(await remove(other, 'p-0'), 404, 'not_found');
    await get(owner, 'p-0').expect(200);
    expectErrorShape(await remove(owner, 'x'.repeat(101)), 404, 'not_found');
  });

  it('needs the rw scope (403) and credentials (401)', async () => {
    const owner = await withCatalog(1);
    const reader = await createCaller(t.app, { scopes: ['accounts--my:ro'] });
    expectErrorShape(await remove(reader, 'p-0'), 403, 'authorization');
    expectErrorShape(await request(t.http).delete('/v1/catalogs/products/p-0'), 401, 'authentication');
    await get(owner, 'p-0').expect(200);
  });

  it('waits for a running import of the organization and applies after it (the import cannot write the product back)', async () => {
    const caller = await createCaller(t.app);
    const fileName = `held-${randomUUID()}.json`;
    const gate = runner.gate(fileName, 1);
    const res = await authed(t.http, caller)
      .post('/v1/catalogs/imports')
      .attach('file', Buffer.from(products(30)), fileName)
      .expect(202);
    const jobId = (res.body as { job_id: string }).job_id;
    await gate.reached; // p-0 … p-9 committed; p-25 comes in a later batch
    const started = Date.now();
    const deleting = remove(caller, 'p-25').then((r) => ({ status: r.status, at: Date.now() }));
    setTimeout(() => gate.release(), 500);
    const deleted = await deleting;
    expect(deleted.status).toBe(204);
    expect(deleted.at - started).toBeGreaterThanOrEqual(450);
    const job = await waitForJob(t.http, caller.auth, jobId);
    expect(job).toMatchObject({ status: 'done', indexed_count: 30 });
    expect(new Date(job.completed_at as string).getTime()).toBeLessThanOrEqual(deleted.at);
    expectErrorShape(await get(caller, 'p-25'), 404, 'not_found');
  });

  it('answers 409 conflict with Retry-After when the import runs past PRODUCT_DELETE_WAIT_MS, deleting nothing', async () => {
    const caller = await withCatalog(1);
    const fileName = `held-${randomUUID()}.json`;
    const gate = runner.gate(fileName, 0);
    const importId = (
      (
        await authed(t.http, caller)
          .post('/v1/catalogs/imports')
          .attach('file', Buffer.from(products(20)), fileName)
          .expect(202)
      ).body as { job_id: string }
    ).job_id;
    await gate.reached;
    const started = Date.now();
    const response = await remove(caller, 'p-0');
    const waited = Date.now() - started;
    expect(expectErrorShape(response, 409, 'conflict')).toBe(
      'An import of your organization is running; the delete waited 1,500 ms for it. Retry later',
    );
    expect(response.headers['retry-after']).toBe('2');
    expect(waited).toBeGreaterThanOrEqual(WAIT_MS - 50);
    expect(waited).toBeLessThan(WAIT_MS + 3_000);
    await get(caller, 'p-0').expect(200);
    // Another organization is not held up by this one's import.
    const other = await withCatalog(1);
    await remove(other, 'p-0').expect(204);
    gate.release();
    await waitForJob(t.http, caller.auth, importId);
    await remove(caller, 'p-0').expect(204);
  });
});
