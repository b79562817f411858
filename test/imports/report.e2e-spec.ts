import request from 'supertest';
import { createHash } from 'node:crypto';
import { expectErrorShape, IMPORT_JOB_FIELDS } from '../support/assertions';
import { createCaller, type TestCaller } from '../support/factories';
import { getJob, upload, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

const REPORT_FIELDS = [
  ...IMPORT_JOB_FIELDS,
  'cancel_requested_at',
  'deleted_count',
  'duration_ms',
  'error_details_kept',
  'failure',
  'file',
  'language',
  'mode',
].sort();

describe('GET /v1/catalogs/imports/{job_id}/report', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: (c) => ({ ...c, worker: { ...c.worker, errorDetailsLimit: 2 } }) });
  });
  afterAll(async () => {
    await t.close();
  });

  const report = (caller: TestCaller, jobId: string) => authed(t.http, caller).get(`/v1/catalogs/imports/${jobId}/report`);

  it('is the ImportJob plus mode, language, file, deleted_count, failure, error_details_kept, duration_ms and cancel_requested_at', async () => {
    const caller = await createCaller(t.app);
    const content = JSON.stringify([{ id: 'a', title: 'A' }, 1, 2, 3, { id: 'b', title: 'B' }]);
    const jobId = await upload(t.http, caller.auth, content, 'nightly.json');
    await waitForJob(t.http, caller.auth, jobId);
    const body = (await report(caller, jobId).expect(200)).body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(REPORT_FIELDS);
    const status = await getJob(t.http, caller.auth, jobId);
    expect(Object.keys(status).sort()).toEqual(IMPORT_JOB_FIELDS); // the status call stays exactly nine fields
    for (const field of IMPORT_JOB_FIELDS) expect(body[field]).toEqual((status as unknown as Record<string, unknown>)[field]);
    expect(body).toMatchObject({
      status: 'done',
      total: 5,
      indexed_count: 2,
      failed_count: 3,
      mode: 'merge',
      language: null, // uploaded without a language
      deleted_count: 0,
      failure: null,
      error_details_kept: 2, // IMPORT_ERROR_DETAILS_LIMIT=2 of 3 failed elements
      cancel_requested_at: null,
      file: { name: 'nightly.json', bytes: Buffer.byteLength(content), sha256: createHash('sha256').update(content).digest('hex') },
    });
    const duration = new Date(status.completed_at as string).getTime() - new Date(status.started_at as string).getTime();
    expect(body.duration_ms).toBe(duration);
  });

  it('carries the failure of a failed job', async () => {
    const caller = await createCaller(t.app);
    const jobId = await upload(t.http, caller.auth, '{"id":"a"}');
    await waitForJob(t.http, caller.auth, jobId);
    const body = (await report(caller, jobId).expect(200)).body as { status: string; failure: { type: string; message: string } };
    expect(body.status).toBe('failed');
    expect(body.failure.type).toBe('not_an_array');
    expect(body.failure.message.length).toBeGreaterThan(0);
  });

  it('answers 404 for another organization’s job, 422 for a bad id, and needs only the ro scope', async () => {
    const owner = await createCaller(t.app);
    const jobId = await upload(t.http, owner.auth, '[]');
    await waitForJob(t.http, owner.auth, jobId);
    const other = await createCaller(t.app, { scopes: ['accounts--my:ro'] });
    expect(expectErrorShape(await report(other, jobId), 404, 'not_found')).toBe(`Import job ${jobId} not found`);
    expectErrorShape(await report(owner, '123'), 422, 'validation');
    const reader = await createCaller(t.app, { scopes: ['accounts--my:ro'] });
    expectErrorShape(await report(reader, jobId), 404, 'not_found');
    expectErrorShape(await request(t.http).get(`/v1/catalogs/imports/${jobId}/report`), 401, 'authentication');
  });
});
