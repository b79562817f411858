import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { AuthAdminService } from '../../src/auth/auth-admin.service';
import { basic, createCaller, type TestCaller } from '../support/factories';
import { getJob, upload, waitForJob, type JobBody } from '../support/imports';
import { expectErrorShape, IMPORT_JOB_FIELDS } from '../support/assertions';
import { createTestApp, type TestApp } from '../support/test-app';

const NINE_FIELDS = IMPORT_JOB_FIELDS;
const ISO_MILLIS_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The ImportJob of the API contract: exactly nine fields with the right types, and the invariants that always hold. */
function expectImportJob(job: Record<string, unknown>): asserts job is Record<string, unknown> & JobBody {
  expect(Object.keys(job).sort()).toEqual(NINE_FIELDS);
  expect(job.job_id).toMatch(UUID);
  expect(['pending', 'processing', 'done', 'failed']).toContain(job.status);
  for (const field of ['total', 'indexed_count', 'failed_count', 'skipped_count', 'progress']) {
    expect(Number.isInteger(job[field])).toBe(true);
    expect(job[field] as number).toBeGreaterThanOrEqual(0);
  }
  for (const field of ['started_at', 'completed_at']) {
    if (job[field] !== null) expect(job[field]).toMatch(ISO_MILLIS_UTC);
  }
  expect(job.progress).toBe((job.indexed_count as number) + (job.failed_count as number));
  if (job.status === 'pending') expect(job.started_at).toBeNull();
  if (job.status === 'pending' || job.status === 'processing') expect(job.completed_at).toBeNull();
  if (job.status === 'done' || job.status === 'failed') expect(job.completed_at).not.toBeNull();
}

const CATALOG = JSON.stringify([
  { id: 'shoe-1', title: 'Trail shoe', price: { amount: 89.9, currency: 'EUR' } },
  { id: 'shoe-2', title: 'Road shoe' },
  { title: 'no id' },
  { id: 'shoe-3', title: 'Sandal', attributes: { colour: 'red' } },
  42,
]);

describe('GET /v1/catalogs/imports/{job_id}', () => {
  describe('with no worker running (jobs stay pending)', () => {
    let t: TestApp;
    let caller: TestCaller;

    beforeAll(async () => {
      // Own queue prefix: a worker of another test run sharing Redis cannot pick these jobs up.
      t = await createTestApp({ worker: false, config: (config) => ({ ...config, queuePrefixOverride: 'pds-test:status-pending' }) });
    });
    afterAll(async () => {
      await t.close();
    });
    beforeEach(async () => {
      caller = await createCaller(t.app);
    });

    const get = (path: string, authorization?: string) => {
      const req = request(t.http).get(path);
      return authorization === undefined ? req : req.set('Authorization', authorization);
    };

    describe('check order 401 → 403 → 422 → 404', () => {
      it('answers 401 to a request without credentials, whatever the job id', async () => {
        expectErrorShape(await get('/v1/catalogs/imports/not-a-uuid'), 401, 'authentication');
        expectErrorShape(await get(`/v1/catalogs/imports/${randomUUID()}`), 401, 'authentication');
      });

      it('answers 401 to bad credentials before validating the job id', async () => {
        expectErrorShape(await get('/v1/catalogs/imports/not-a-uuid', basic(caller.accountId, 'pdt_wrong')), 401, 'authentication');
      });

      it('answers 403 to a token without the scope before validating the job id', async () => {
        const unscoped = await createCaller(t.app, { scopes: [] });
        expectErrorShape(await get('/v1/catalogs/imports/not-a-uuid', unscoped.auth), 403, 'authorization');
      });

      it.each([
        'not-a-uuid',
        '12345',
        '3f0c2a9e-0d4b-4c57-9a8e-2f9c1b7d5e1',
        '3f0c2a9e-0d4b-4c57-9a8e-2f9c1b7d5e10a',
        '3f0c2a9e0d4b4c579a8e2f9c1b7d5e10',
        'zf0c2a9e-0d4b-4c57-9a8e-2f9c1b7d5e10',
      ])('answers 422 validation to the job id %p with valid credentials', async (jobId) => {
        const message = expectErrorShape(await get(`/v1/catalogs/imports/${jobId}`, caller.auth), 422, 'validation');
        expect(message).toContain('job_id');
      });

      it('answers 422 to a job id that tries SQL, not an error from the database', async () => {
        const response = await get(`/v1/catalogs/imports/${encodeURIComponent("' OR 1=1 --")}`, caller.auth);
        expectErrorShape(response, 422, 'validation');
      });

      it('answers 404 not_found naming the id for a well-formed id that does not exist', async () => {
        const jobId = randomUUID();
        const message = expectErrorShape(await get(`/v1/catalogs/imports/${jobId}`, caller.auth), 404, 'not_found');
        expect(message).toContain(jobId);
      });
    });

    it("answers another organization's job exactly like a missing one", async () => {
      const jobId = await upload(t.http, caller.auth, CATALOG);
      await get(`/v1/catalogs/imports/${jobId}`, caller.auth).expect(200);

      const stranger = await createCaller(t.app);
      const foreign = await get(`/v1/catalogs/imports/${jobId}`, stranger.auth);
      const missingId = randomUUID();
      const missing = await get(`/v1/catalogs/imports/${missingId}`, stranger.auth);

      expect(expectErrorShape(foreign, 404, 'not_found')).toBe(`Import job ${jobId} not found`);
      expect(expectErrorShape(missing, 404, 'not_found')).toBe(`Import job ${missingId} not found`);
      expect((foreign.body as { error: { message: string } }).error.message.replace(jobId, '<id>')).toBe(
        (missing.body as { error: { message: string } }).error.message.replace(missingId, '<id>'),
      );
    });

    it('lets another account of the same organization see the job', async () => {
      const jobId = await upload(t.http, caller.auth, CATALOG);
      const admin = t.app.get(AuthAdminService);
      const colleague = await admin.createAccount(caller.organizationId);
      const token = await admin.createToken({ accountId: colleague.id, scopes: ['accounts--my:ro'] });
      const job = (await get(`/v1/catalogs/imports/${jobId}`, basic(colleague.id, token.token)).expect(200)).body as JobBody;
      expect(job.job_id).toBe(jobId);
    });

    it('shows a pending job with exactly the nine fields, counters at 0 and no timestamps', async () => {
      const jobId = await upload(t.http, caller.auth, CATALOG);
      const response = await get(`/v1/catalogs/imports/${jobId}`, caller.auth).expect(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const job = response.body as Record<string, unknown>;
      expectImportJob(job);
      expect(job).toEqual({
        job_id: jobId,
        status: 'pending',
        total: 0,
        indexed_count: 0,
        failed_count: 0,
        skipped_count: 0,
        progress: 0,
        started_at: null,
        completed_at: null,
      });
    });

    it('accepts the job id in upper case', async () => {
      const jobId = await upload(t.http, caller.auth, CATALOG);
      const job = (await get(`/v1/catalogs/imports/${jobId.toUpperCase()}`, caller.auth).expect(200)).body as JobBody;
      expect(job.job_id).toBe(jobId);
    });
  });

  describe('with the worker running', () => {
    let t: TestApp;
    let caller: TestCaller;

    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t.close();
    });
    beforeEach(async () => {
      caller = await createCaller(t.app);
    });

    it('shows a finished job with the nine fields, exact counters and millisecond UTC timestamps', async () => {
      const uploadedAt = Date.now();
      const jobId = await upload(t.http, caller.auth, CATALOG);
      const polls: JobBody[] = [];
      const job = await waitForJob(t.http, caller.auth, jobId, { onPoll: (poll) => polls.push(poll) });

      for (const poll of polls) expectImportJob(poll as unknown as Record<string, unknown>);
      expectImportJob(job as unknown as Record<string, unknown>);
      expect(job).toMatchObject({
        job_id: jobId,
        status: 'done',
        total: 5,
        indexed_count: 3,
        failed_count: 2,
        skipped_count: 0,
        progress: 5,
      });
      expect(job.indexed_count + job.failed_count + job.skipped_count).toBe(job.total);
      expect(job.started_at).toMatch(ISO_MILLIS_UTC);
      expect(job.completed_at).toMatch(ISO_MILLIS_UTC);
      const started = Date.parse(job.started_at!);
      const completed = Date.parse(job.completed_at!);
      expect(completed).toBeGreaterThanOrEqual(started);
      // Generous bounds for clock skew between this process and PostgreSQL (same host here).
      expect(started).toBeGreaterThanOrEqual(uploadedAt - 5_000);
      expect(completed).toBeLessThanOrEqual(Date.now() + 5_000);
    });

    it('leaves skipped products out of progress on a re-import of the same catalog', async () => {
      const first = await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, CATALOG));
      expect(first).toMatchObject({ status: 'done', indexed_count: 3, failed_count: 2, skipped_count: 0 });

      const second = await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, CATALOG));
      expectImportJob(second as unknown as Record<string, unknown>);
      expect(second).toMatchObject({ status: 'done', total: 5, indexed_count: 0, failed_count: 2, skipped_count: 3, progress: 2 });
      expect(second.indexed_count + second.failed_count + second.skipped_count).toBe(second.total);
    });

    it('keeps a finished job unchanged on later reads', async () => {
      const jobId = await upload(t.http, caller.auth, CATALOG);
      const done = await waitForJob(t.http, caller.auth, jobId);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expect(getJob(t.http, caller.auth, jobId)).resolves.toEqual(done);
    });

    it('shows a failed job (not a JSON array) with the nine fields and both timestamps', async () => {
      const jobId = await upload(t.http, caller.auth, '{"id":"not-an-array","title":"x"}');
      const job = await waitForJob(t.http, caller.auth, jobId);
      expectImportJob(job as unknown as Record<string, unknown>);
      expect(job.status).toBe('failed');
      expect(job.indexed_count).toBe(0);
      expect(job.completed_at).toMatch(ISO_MILLIS_UTC);
    });
  });
});
