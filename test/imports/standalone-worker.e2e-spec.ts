import request from 'supertest';
import { query } from '../support/database';
import { createCaller } from '../support/factories';
import { ensureFreshBuild } from '../support/fresh-build';
import { upload, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { freePort } from '../../tools/harness/ports';
import { startWorkerProcess, stopWorkerProcess, type WorkerProcess } from '../support/worker-process';
import { eventually } from '../support/eventually';

/** 5,000 distinct products in batches of 100; every 9th has an empty title (invalid). */
const COUNT = 5000;
const isInvalid = (i: number) => i % 9 === 4;
const file = () =>
  JSON.stringify(
    Array.from({ length: COUNT }, (_, i) => ({ id: `k-${String(i).padStart(4, '0')}`, title: isInvalid(i) ? '' : `Kept ${i}` })),
  );
const INVALID = Array.from({ length: COUNT }, (_, i) => i).filter(isInvalid);

/** Short locks so a killed worker's Bull job is taken over within seconds (defaults are 30 s). */
const FAST_RECOVERY = {
  IMPORT_BATCH_SIZE: '100',
  QUEUE_LOCK_DURATION_MS: '2000',
  QUEUE_STALLED_INTERVAL_MS: '1000',
  RECONCILE_INTERVAL_MS: '500',
};

/**
 * The standalone worker as deployed: `node dist/worker.js`. dist/ is rebuilt first when it is missing
 * or older than src/ (ensureFreshBuild); a failed build fails these tests, never skips them.
 */
describe('Standalone worker process (dist/worker.js)', () => {
  let api: TestApp;
  const workers: WorkerProcess[] = [];
  const start = (env: Record<string, string>) => {
    const worker = startWorkerProcess(env);
    workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    ensureFreshBuild();
    api = await createTestApp({ worker: false });
  }, 300_000);
  afterAll(async () => {
    for (const worker of workers) await stopWorkerProcess(worker);
    await api?.close();
  });

  it('serves Prometheus metrics on METRICS_PORT', async () => {
    const port = await freePort();
    const worker = start({ METRICS_PORT: String(port) });
    const base = `http://127.0.0.1:${port}`;
    const response = await eventually(
      'the worker to serve /metrics',
      async () => {
        const answer = await request(base)
          .get('/metrics')
          .then((r) => r)
          .catch(() => undefined); // not listening yet
        if (!answer && worker.child.exitCode !== null) throw new Error(`worker exited ${worker.child.exitCode}: ${worker.stderr()}`);
        return answer;
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.text).toContain('# TYPE import_jobs_finished_total counter');
    expect(response.text).toContain('# TYPE import_queue_depth gauge');
    const other = await request(base).get('/').expect(404);
    expect(JSON.parse(other.text)).toEqual({ error: { type: 'not_found', message: expect.any(String) } });
    await stopWorkerProcess(worker, 'SIGTERM');
  }, 90_000);

  it('resumes an import after the worker is SIGKILLed mid-import, counting nothing twice', async () => {
    const caller = await createCaller(api.app);
    const first = start(FAST_RECOVERY);
    const jobId = await upload(api.http, caller.auth, file());
    // Kill as soon as some, but not all, batches have committed.
    let seen = 'no row yet';
    await eventually(
      () => `a mid-import moment to kill at (${seen}); worker stderr: ${first.stderr()}`,
      async () => {
        const [job] = await query<{ cursor: number; total: number; status: string }>(
          api.app,
          'SELECT cursor, total, status FROM import_jobs WHERE id = $1',
          [jobId],
        );
        seen = `job ${job.status}, cursor ${job.cursor}/${job.total}`;
        if (job.cursor > 0 && job.cursor < job.total) return true;
        if (job.status === 'done' || job.status === 'failed') {
          throw new Error(`no mid-import moment to kill at: ${seen}; worker stderr: ${first.stderr()}`);
        }
        return false;
      },
      { timeoutMs: 60_000, intervalMs: 10 },
    );
    await stopWorkerProcess(first, 'SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    const [mid] = await query<{ cursor: number; total: number; status: string }>(
      api.app,
      'SELECT cursor, total, status FROM import_jobs WHERE id = $1',
      [jobId],
    );
    expect(mid.status).toBe('processing');
    expect(mid.cursor).toBeGreaterThan(0);
    expect(mid.cursor).toBeLessThan(COUNT);

    start(FAST_RECOVERY);
    const job = await waitForJob(api.http, caller.auth, jobId, { timeoutMs: 120_000 });
    // Expected from the file itself, not from another run of the same code.
    expect(job).toMatchObject({
      status: 'done',
      total: COUNT,
      indexed_count: COUNT - INVALID.length,
      failed_count: INVALID.length,
      skipped_count: 0,
    });
    const rows = await query<{ product_id: string; title: string }>(
      api.app,
      `SELECT product_id, data->>'title' AS title FROM products WHERE organization_id = $1 AND last_import_job_id = $2 ORDER BY product_id`,
      [caller.organizationId, jobId],
    );
    const expected = Array.from({ length: COUNT }, (_, i) => i)
      .filter((i) => !isInvalid(i))
      .map((i) => ({ product_id: `k-${String(i).padStart(4, '0')}`, title: `Kept ${i}` }));
    expect(rows).toEqual(expected);
    const errors = await query<{ index: number }>(api.app, 'SELECT index FROM import_errors WHERE job_id = $1 ORDER BY index', [jobId]);
    expect(errors.map((e) => e.index)).toEqual(INVALID);
  }, 240_000);
});
