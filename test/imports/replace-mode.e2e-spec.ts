import { randomUUID } from 'node:crypto';
import { ImportJobRunnerService } from '../../src/imports/worker/import-job-runner.service';
import { GatedRunner } from '../support/gated-runner';
import { query } from '../support/database';
import { expectErrorShape } from '../support/assertions';
import { createCaller, type TestCaller } from '../support/factories';
import { products, upload, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

interface Report {
  status: string;
  mode: string;
  deleted_count: number;
  failure: { type: string; message: string } | null;
  total: number;
  indexed_count: number;
  failed_count: number;
  skipped_count: number;
}

/** Ten products p-0 … p-9 (the catalog every test starts from). */
const TEN = products(10);

describe('mode=replace', () => {
  let t: TestApp;
  let runner: GatedRunner;

  beforeAll(async () => {
    t = await createTestApp({
      config: (c) => ({ ...c, worker: { ...c.worker, batchSize: 10 } }),
      override: (builder) => builder.overrideProvider(ImportJobRunnerService).useClass(GatedRunner),
    });
    runner = t.app.get(ImportJobRunnerService);
  });
  afterAll(async () => {
    await t.close();
  });

  async function uploadReplace(caller: TestCaller, content: string, params = 'mode=replace', fileName = 'feed.json'): Promise<string> {
    const response = await authed(t.http, caller).post(`/v1/catalogs/imports?${params}`).attach('file', Buffer.from(content), fileName);
    expect(response.status).toBe(202);
    return (response.body as { job_id: string }).job_id;
  }

  async function finish(caller: TestCaller, jobId: string): Promise<Report> {
    await waitForJob(t.http, caller.auth, jobId);
    const response = await authed(t.http, caller).get(`/v1/catalogs/imports/${jobId}/report`).expect(200);
    return response.body as Report;
  }

  async function catalogOf(caller: TestCaller): Promise<string[]> {
    const rows = await query<{ product_id: string }>(
      t.app,
      'SELECT product_id FROM products WHERE organization_id = $1 ORDER BY product_id',
      [caller.organizationId],
    );
    return rows.map((r) => r.product_id);
  }

  async function callerWithTen(): Promise<TestCaller> {
    const caller = await createCaller(t.app);
    await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, TEN));
    expect(await catalogOf(caller)).toHaveLength(10);
    return caller;
  }

  const ids = (list: number[]) => list.map((i) => `p-${i}`).sort();

  it('deletes exactly the ids absent from the file, keeping ids of invalid elements, and only in the caller’s organization', async () => {
    const a = await callerWithTen();
    const b = await callerWithTen(); // same ids in another organization
    const feed = JSON.stringify([
      ...[0, 1, 2, 3, 4, 5].map((i) => ({ id: `p-${i}`, title: `Product ${i}` })),
      { id: 'p-6', title: 123 }, // invalid, but it names p-6: kept
      { title: 'no id' },
      { id: 'new-1', title: 'New' },
    ]);
    const jobId = await uploadReplace(a, feed);
    const report = await finish(a, jobId);
    expect(report).toMatchObject({ status: 'done', mode: 'replace', deleted_count: 3, failure: null });
    expect(report).toMatchObject({ total: 9, indexed_count: 1, failed_count: 2, skipped_count: 6 });
    expect(await catalogOf(a)).toEqual([...ids([0, 1, 2, 3, 4, 5, 6]), 'new-1'].sort());
    expect(await catalogOf(b)).toEqual(ids([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]));
    const left = await query(t.app, 'SELECT 1 FROM import_job_ids WHERE job_id = $1', [jobId]);
    expect(left).toHaveLength(0);
  });

  it.each([
    ['after the scan, before any batch (the redelivery scans again)', 0],
    ['after a committed batch (the redelivery resumes from its cursor)', 1],
  ])('a delivery that dies %s reaches the same result', async (_when, atBatch) => {
    const caller = await callerWithTen();
    const fileName = `crash-${randomUUID()}.json`;
    runner.crashOnce(fileName, atBatch);
    const feed = products(30, (i) => (i < 5 ? { id: `p-${i}`, title: `Product ${i}` } : { id: `n-${i}`, title: 'New' }));
    const jobId = await uploadReplace(caller, feed, 'mode=replace', fileName);
    const report = await finish(caller, jobId);
    expect(await query(t.app, 'SELECT attempts FROM import_jobs WHERE id = $1', [jobId])).toEqual([{ attempts: 2 }]);
    expect(report).toMatchObject({ status: 'done', total: 30, indexed_count: 25, skipped_count: 5, failed_count: 0, deleted_count: 5 });
    const catalog = await catalogOf(caller);
    expect(catalog).toHaveLength(30);
    expect(catalog.filter((id) => id.startsWith('p-'))).toEqual(ids([0, 1, 2, 3, 4]));
  });

  it('counts an id the file names twice once', async () => {
    const caller = await callerWithTen();
    const feed = JSON.stringify([...[0, 1, 2, 3, 4].map((i) => ({ id: `p-${i}`, title: `Product ${i}` })), { id: 'p-0', title: 'Again' }]);
    const report = await finish(caller, await uploadReplace(caller, feed));
    expect(report).toMatchObject({ status: 'done', total: 6, deleted_count: 5, indexed_count: 1, skipped_count: 5 });
    expect(await catalogOf(caller)).toEqual(ids([0, 1, 2, 3, 4]));
  });

  it('treats a numeric id as its decimal string', async () => {
    const caller = await createCaller(t.app);
    await waitForJob(
      t.http,
      caller.auth,
      await upload(
        t.http,
        caller.auth,
        JSON.stringify([
          { id: 7, title: 'x' },
          { id: '8', title: 'y' },
        ]),
      ),
    );
    const report = await finish(
      caller,
      await uploadReplace(
        caller,
        JSON.stringify([
          { id: '7', title: 'x' },
          { id: 8, title: 'y' },
        ]),
      ),
    );
    expect(report).toMatchObject({ status: 'done', deleted_count: 0 });
    expect(await catalogOf(caller)).toEqual(['7', '8']);
  });

  it('deletes exactly REPLACE_MAX_DELETE_RATIO (0.5) of the catalog', async () => {
    const caller = await callerWithTen();
    const report = await finish(caller, await uploadReplace(caller, products(5)));
    expect(report).toMatchObject({ status: 'done', deleted_count: 5, skipped_count: 5 });
    expect(await catalogOf(caller)).toEqual(ids([0, 1, 2, 3, 4]));
  });

  it('refuses one product more (a truncated feed) and changes nothing, its own products included', async () => {
    const caller = await callerWithTen();
    const before = await query(t.app, 'SELECT product_id, data FROM products WHERE organization_id = $1 ORDER BY product_id', [
      caller.organizationId,
    ]);
    const truncated = products(4, (i) => ({ id: `p-${i}`, title: `Changed ${i}` }));
    const jobId = await uploadReplace(caller, truncated);
    const report = await finish(caller, jobId);
    expect(report.status).toBe('failed');
    expect(report.failure?.type).toBe('mass_delete_refused');
    expect(report.failure?.message).toMatch(/delete 6 of 10 products \(60\.0 %\).*REPLACE_MAX_DELETE_RATIO 0\.5.*allow_mass_delete=true/);
    expect(report).toMatchObject({ total: 0, indexed_count: 0, failed_count: 0, skipped_count: 0, deleted_count: 0 });
    const after = await query(t.app, 'SELECT product_id, data FROM products WHERE organization_id = $1 ORDER BY product_id', [
      caller.organizationId,
    ]);
    expect(after).toEqual(before);
    const leftovers = await query(
      t.app,
      'SELECT (SELECT count(*) FROM import_job_ids WHERE job_id = $1)::int AS ids, (SELECT count(*) FROM import_file_chunks WHERE job_id = $1)::int AS chunks',
      [jobId],
    );
    expect(leftovers).toEqual([{ ids: 0, chunks: 0 }]);
  });

  it('accepts the same truncated feed, and even an empty one, with allow_mass_delete=true', async () => {
    const caller = await callerWithTen();
    const truncated = await finish(caller, await uploadReplace(caller, products(4), 'mode=replace&allow_mass_delete=true'));
    expect(truncated).toMatchObject({ status: 'done', deleted_count: 6 });
    const empty = await finish(caller, await uploadReplace(caller, '[]', 'allow_mass_delete=true&mode=replace'));
    expect(empty).toMatchObject({ status: 'done', total: 0, deleted_count: 4 });
    expect(await catalogOf(caller)).toEqual([]);
  });

  it('refuses an empty feed without consent', async () => {
    const caller = await callerWithTen();
    const report = await finish(caller, await uploadReplace(caller, '[]'));
    expect(report.failure?.type).toBe('mass_delete_refused');
    expect(await catalogOf(caller)).toHaveLength(10);
  });

  it('replaces into an empty catalog like a merge', async () => {
    const caller = await createCaller(t.app);
    const report = await finish(caller, await uploadReplace(caller, products(3)));
    expect(report).toMatchObject({ status: 'done', indexed_count: 3, deleted_count: 0 });
  });

  it('a file that is not a JSON array fails before anything is deleted', async () => {
    const caller = await callerWithTen();
    const jobId = await uploadReplace(caller, '[{"id":"p-0","title":"x"}, {"id":"p-1"');
    const report = await finish(caller, jobId);
    expect(report.failure?.type).toBe('invalid_json');
    expect(await catalogOf(caller)).toHaveLength(10);
    expect(await query(t.app, 'SELECT 1 FROM import_job_ids WHERE job_id = $1', [jobId])).toHaveLength(0);
  });

  it('a merge (the default) deletes nothing and reports mode merge', async () => {
    const caller = await callerWithTen();
    const report = await finish(caller, await upload(t.http, caller.auth, products(1)));
    expect(report).toMatchObject({ status: 'done', mode: 'merge', deleted_count: 0 });
    expect(await catalogOf(caller)).toHaveLength(10);
  });

  it('binds an Idempotency-Key to the mode as well as the file', async () => {
    const caller = await callerWithTen();
    const send = (params: string) =>
      authed(t.http, caller)
        .post(`/v1/catalogs/imports${params}`)
        .set('Idempotency-Key', 'nightly')
        .attach('file', Buffer.from(TEN), 'feed.json');
    const first = await send('?mode=replace').expect(202);
    expect((await send('?mode=replace').expect(202)).body).toEqual(first.body);
    const jobId = (first.body as { job_id: string }).job_id;
    expect(expectErrorShape(await send(''), 422, 'validation')).toBe(
      `Idempotency-Key "nightly" was used within the last 24 h with the same file but mode=replace (job ${jobId}); send a new key for another mode`,
    );
    expectErrorShape(await send('?mode=replace&allow_mass_delete=true'), 422, 'validation');
    expect(await query(t.app, 'SELECT 1 FROM import_jobs WHERE organization_id = $1', [caller.organizationId])).toHaveLength(2);
  });

  it.each([
    ['mode=bogus', /mode must be merge or replace/],
    ['mode=REPLACE', /mode must be merge or replace/],
    ['mode=replace&allow_mass_delete=yes', /allow_mass_delete must be true or false/],
    ['allow_mass_delete=true', /allow_mass_delete applies only to mode=replace/],
    ['mode=merge&allow_mass_delete=true', /allow_mass_delete applies only to mode=replace/],
    ['mode=replace&force=1', /unknown parameter force/],
  ])('answers 422 validation for %s and stores nothing', async (params, message) => {
    const caller = await createCaller(t.app);
    const response = await authed(t.http, caller).post(`/v1/catalogs/imports?${params}`).attach('file', Buffer.from(TEN), 'feed.json');
    expect(expectErrorShape(response, 422, 'validation')).toMatch(message);
    expect(await query(t.app, 'SELECT 1 FROM import_jobs WHERE organization_id = $1', [caller.organizationId])).toHaveLength(0);
  });
});
