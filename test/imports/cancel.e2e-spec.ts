import { randomUUID } from 'node:crypto';
import { ImportJobRunnerService } from '../../src/imports/worker/import-job-runner.service';
import { expectErrorShape, IMPORT_JOB_FIELDS } from '../support/assertions';
import { query } from '../support/database';
import { createCaller, type TestCaller } from '../support/factories';
import { GatedRunner } from '../support/gated-runner';
import { getJob, products, upload, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

const BATCH = 10;

interface Report {
  status: string;
  total: number;
  indexed_count: number;
  failed_count: number;
  skipped_count: number;
  progress: number;
  deleted_count: number;
  failure: { type: string; message: string } | null;
  cancel_requested_at: string | null;
}

describe('POST /v1/catalogs/imports/{job_id}/cancel', () => {
  let t: TestApp;
  let runner: GatedRunner;

  beforeAll(async () => {
    t = await createTestApp({
      config: (c) => ({ ...c, worker: { ...c.worker, batchSize: BATCH } }),
      override: (builder) => builder.overrideProvider(ImportJobRunnerService).useClass(GatedRunner),
    });
    runner = t.app.get(ImportJobRunnerService);
  });
  afterAll(async () => {
    await t.close();
  });

  const cancel = (caller: TestCaller, jobId: string) => authed(t.http, caller).post(`/v1/catalogs/imports/${jobId}/cancel`);

  async function report(caller: TestCaller, jobId: string): Promise<Report> {
    return (await authed(t.http, caller).get(`/v1/catalogs/imports/${jobId}/report`).expect(200)).body as Report;
  }

  async function productIds(caller: TestCaller): Promise<string[]> {
    const rows = await query<{ product_id: string }>(t.app, 'SELECT product_id FROM products WHERE organization_id = $1', [
      caller.organizationId,
    ]);
    return rows.map((r) => r.product_id).sort();
  }

  /** Uploads a file whose batches stop after `pass` committed, and waits until one is held at the gate. */
  async function uploadHeld(caller: TestCaller, content: string, pass: number, query = '', afterCommit = false) {
    const fileName = `held-${randomUUID()}.json`;
    const gate = runner.gate(fileName, pass, { afterCommit });
    const response = await authed(t.http, caller)
      .post(`/v1/catalogs/imports${query}`)
      .attach('file', Buffer.from(content), fileName)
      .expect(202);
    await gate.reached;
    return { jobId: (response.body as { job_id: string }).job_id, gate };
  }

  it('stops a processing job at the next batch boundary: committed batches stay applied and counted', async () => {
    const caller = await createCaller(t.app);
    const { jobId, gate } = await uploadHeld(caller, products(50), 2);
    const first = await cancel(caller, jobId).expect(202);
    expect(Object.keys(first.body as object).sort()).toEqual(IMPORT_JOB_FIELDS);
    expect(first.body).toMatchObject({ job_id: jobId, status: 'processing', indexed_count: 20, total: 50 });
    const again = await cancel(caller, jobId).expect(202); // idempotent while it stops
    expect(again.body).toMatchObject({ status: 'processing', indexed_count: 20 });
    gate.release();
    const job = await waitForJob(t.http, caller.auth, jobId);
    expect(job).toMatchObject({ status: 'failed', total: 50, indexed_count: 20, failed_count: 0, skipped_count: 0, progress: 20 });
    const r = await report(caller, jobId);
    expect(r.failure).toEqual({
      type: 'cancelled',
      message: 'Cancelled on request after 20 of 50 elements; the batches committed before it stay applied',
    });
    expect(r.cancel_requested_at).not.toBeNull();
    expect(await productIds(caller)).toEqual(Array.from({ length: 20 }, (_, i) => `p-${i}`).sort());
    const chunks = await query(t.app, 'SELECT 1 FROM import_file_chunks WHERE job_id = $1', [jobId]);
    expect(chunks).toHaveLength(0);
    // Finished as cancelled: the same answer again, now with the final state.
    const after = await cancel(caller, jobId).expect(202);
    expect(after.body).toMatchObject({ status: 'failed', indexed_count: 20 });
  });

  it('a cancelled replace import deletes nothing', async () => {
    const caller = await createCaller(t.app);
    await waitForJob(
      t.http,
      caller.auth,
      await upload(
        t.http,
        caller.auth,
        products(10, (i) => ({ id: `old-${i}`, title: 'Old' })),
      ),
    );
    const { jobId, gate } = await uploadHeld(caller, products(30), 1, '?mode=replace&allow_mass_delete=true');
    await cancel(caller, jobId).expect(202);
    gate.release();
    await waitForJob(t.http, caller.auth, jobId);
    const r = await report(caller, jobId);
    expect(r).toMatchObject({ status: 'failed', indexed_count: 10, deleted_count: 0 });
    expect(r.failure?.message).toMatch(/after 10 of 30 elements.*and no product was deleted$/);
    expect(await productIds(caller)).toHaveLength(20);
    expect(await query(t.app, 'SELECT 1 FROM import_job_ids WHERE job_id = $1', [jobId])).toHaveLength(0);
  });

  it('a cancel that arrives after the last batch, before the final commit, still wins: nothing is deleted', async () => {
    const caller = await createCaller(t.app);
    await waitForJob(
      t.http,
      caller.auth,
      await upload(
        t.http,
        caller.auth,
        products(10, (i) => ({ id: `old-${i}`, title: 'Old' })),
      ),
    );
    // 20 elements = 2 batches: held after batch 2 committed, before the job's final transaction.
    const { jobId, gate } = await uploadHeld(caller, products(20), 1, '?mode=replace&allow_mass_delete=true', true);
    expect(await getJob(t.http, caller.auth, jobId)).toMatchObject({ status: 'processing', indexed_count: 20, total: 20 });
    await cancel(caller, jobId).expect(202);
    gate.release();
    const job = await waitForJob(t.http, caller.auth, jobId);
    expect(job).toMatchObject({ status: 'failed', indexed_count: 20, total: 20 });
    const r = await report(caller, jobId);
    expect(r).toMatchObject({ deleted_count: 0, failure: { type: 'cancelled' } });
    expect(r.failure?.message).toMatch(/after 20 of 20 elements/);
    expect(await productIds(caller)).toHaveLength(30);
  });

  it('ends a pending job at once: nothing applied, file deleted, its queue entry a no-op; the next import runs', async () => {
    const caller = await createCaller(t.app);
    const running = await uploadHeld(caller, products(20), 0);
    const pendingId = await upload(
      t.http,
      caller.auth,
      products(5, (i) => ({ id: `q-${i}`, title: 'Queued' })),
    );
    const third = await upload(
      t.http,
      caller.auth,
      products(1, () => ({ id: 'z', title: 'Third' })),
    );
    expect((await getJob(t.http, caller.auth, pendingId)).status).toBe('pending');
    const response = await cancel(caller, pendingId).expect(202);
    expect(response.body).toMatchObject({ job_id: pendingId, status: 'failed', total: 0, indexed_count: 0, progress: 0 });
    expect(response.body.started_at).not.toBeNull();
    expect(response.body.completed_at).not.toBeNull();
    const r = await report(caller, pendingId);
    expect(r.failure).toEqual({ type: 'cancelled', message: 'Cancelled on request before processing started; nothing was applied' });
    expect(await query(t.app, 'SELECT 1 FROM import_file_chunks WHERE job_id = $1', [pendingId])).toHaveLength(0);
    running.gate.release();
    expect(await waitForJob(t.http, caller.auth, running.jobId)).toMatchObject({ status: 'done', indexed_count: 20 });
    expect(await waitForJob(t.http, caller.auth, third)).toMatchObject({ status: 'done', indexed_count: 1 });
    expect(await getJob(t.http, caller.auth, pendingId)).toMatchObject({ status: 'failed', indexed_count: 0 });
    const ids = await productIds(caller);
    expect(ids).toHaveLength(21);
    expect(ids.some((id) => id.startsWith('q-'))).toBe(false);
    await cancel(caller, pendingId).expect(202); // the same answer again
  });

  it('answers 409 conflict for a job that finished without a cancel request', async () => {
    const caller = await createCaller(t.app);
    const jobId = await upload(t.http, caller.auth, products(3));
    await waitForJob(t.http, caller.auth, jobId);
    const message = expectErrorShape(await cancel(caller, jobId), 409, 'conflict');
    expect(message).toBe(`Import job ${jobId} already ended done; only a pending or processing job can be cancelled`);
    const failed = await upload(t.http, caller.auth, 'not json');
    await waitForJob(t.http, caller.auth, failed);
    expectErrorShape(await cancel(caller, failed), 409, 'conflict');
  });

  it("answers 404 for another organization's job (and leaves it alone), 422 for a bad id, 403 without the rw scope", async () => {
    const owner = await createCaller(t.app);
    const other = await createCaller(t.app);
    const { jobId, gate } = await uploadHeld(owner, products(20), 0);
    expect(expectErrorShape(await cancel(other, jobId), 404, 'not_found')).toBe(`Import job ${jobId} not found`);
    expectErrorShape(await cancel(owner, 'not-a-uuid'), 422, 'validation');
    const reader = await createCaller(t.app, { scopes: ['accounts--my:ro'] });
    expectErrorShape(await cancel(reader, jobId), 403, 'authorization');
    gate.release();
    expect(await waitForJob(t.http, owner.auth, jobId)).toMatchObject({ status: 'done', indexed_count: 20 });
    expect((await report(owner, jobId)).cancel_requested_at).toBeNull();
  });
});
