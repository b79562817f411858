import { DataSource } from 'typeorm';
import { poolSize } from '../../src/database/pool-size';
import { OrganizationLockRepository } from '../../src/imports/jobs/repositories/organization-lock.repository';
import { ImportRetentionService, type RetentionResult } from '../../src/imports/worker/import-retention.service';
import { expectErrorShape } from '../support/assertions';
import { query } from '../support/database';
import { createCaller, type TestCaller } from '../support/factories';
import { products, upload, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';
import { eventually } from '../support/eventually';

describe('Retention of finished import jobs (IMPORT_RETENTION_DAYS)', () => {
  let t: TestApp;
  let caller: TestCaller;

  beforeAll(async () => {
    t = await createTestApp({ config: (c) => ({ ...c, worker: { ...c.worker, retentionDays: 10 } }) });
    caller = await createCaller(t.app);
  });
  afterAll(() => t.close());

  /** A finished job with `failed` invalid elements (one error row each). */
  async function finishedJob(failed: number): Promise<string> {
    const file = products(failed + 2, (i) => (i < failed ? { id: `bad-${i}`, title: '' } : { id: `ok-${i}`, title: `Fine ${i}` }));
    const jobId = await upload(t.http, caller.auth, file);
    // Watched in the database, not over HTTP: the API would keep the finished job in its memory.
    const job = await eventually(
      `job ${jobId} to be done`,
      async () => {
        const [row] = await query<{ status: string; failed_count: number }>(
          t.app,
          'SELECT status, failed_count FROM import_jobs WHERE id = $1',
          [jobId],
        );
        return row.status === 'done' && row;
      },
      { timeoutMs: 40_000 },
    );
    expect(job.failed_count).toBe(failed);
    return jobId;
  }

  const backdate = (jobId: string, days: number) =>
    query(t.app, `UPDATE import_jobs SET completed_at = clock_timestamp() - make_interval(days => $2) WHERE id = $1`, [jobId, days]);

  /** One sweep by this app; waits while another spec's worker holds the sweep lock. */
  async function sweep(): Promise<RetentionResult> {
    for (let tries = 0; ; tries++) {
      const result = await t.app.get(ImportRetentionService).sweep();
      if (result.ran || tries >= 100) return result;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const errorRows = async (jobId: string) =>
    Number((await query<{ n: string }>(t.app, 'SELECT count(*) AS n FROM import_errors WHERE job_id = $1', [jobId]))[0].n);

  it('purges finished jobs older than the retention with all their error rows, and keeps younger ones', async () => {
    const old = await finishedJob(12);
    const young = await finishedJob(3);
    await backdate(old, 11);
    await backdate(young, 9);
    expect(await errorRows(old)).toBe(12);

    // Only this app keeps jobs for 10 days (other specs' workers use the default 30): its sweep purges `old`.
    expect((await sweep()).jobs).toBeGreaterThanOrEqual(1);

    expectErrorShape(await authed(t.http, caller).get(`/v1/catalogs/imports/${old}`), 404, 'not_found');
    await authed(t.http, caller).get(`/v1/catalogs/imports/${young}`).expect(200);
    expect(await errorRows(old)).toBe(0);
    expect(await errorRows(young)).toBe(3);
    // The products the purged import wrote stay: retention is about job history, not the catalog.
    await authed(t.http, caller).get('/v1/catalogs/products/ok-12').expect(200);
  });

  it('deletes error rows in batches: a job with more rows than one batch is purged whole', async () => {
    const jobId = await finishedJob(1);
    // 12,000 more rows than the sweep deletes per statement (5,000), inserted directly.
    await query(
      t.app,
      `INSERT INTO import_errors (job_id, "index", product_id, errors)
       SELECT $1, 100 + g, 'x-' || g, '[{"field":"title","message":"must not be empty"}]'::jsonb FROM generate_series(1, 12000) g`,
      [jobId],
    );
    await backdate(jobId, 30);
    await sweep(); // (another spec's worker may purge it first: a 30-day-old job is past every retention here)
    expect(await errorRows(jobId)).toBe(0);
    expect(await query(t.app, 'SELECT 1 FROM import_jobs WHERE id = $1', [jobId])).toEqual([]);
  });

  it('never purges an unfinished job, however old', async () => {
    const other = await createCaller(t.app);
    const jobId = await upload(t.http, other.auth, products(2));
    await waitForJob(t.http, other.auth, jobId);
    // (this job is not read over HTTP again: its status is checked in the database)
    // Made to look like an ancient job still processing (completed_at set only to tempt the sweep).
    // Holding the organization's import lock keeps every worker (of any spec) away from it meanwhile.
    const lock = await t.app.get(OrganizationLockRepository).tryAcquire(other.organizationId);
    if (!lock) throw new Error('organization lock not free');
    try {
      await query(
        t.app,
        `UPDATE import_jobs SET status = 'processing', completed_at = clock_timestamp() - interval '400 days' WHERE id = $1`,
        [jobId],
      );
      await t.app.get(ImportRetentionService).sweep();
      expect(await query(t.app, 'SELECT status FROM import_jobs WHERE id = $1', [jobId])).toEqual([{ status: 'processing' }]);
      await query(t.app, `UPDATE import_jobs SET status = 'done' WHERE id = $1`, [jobId]);
    } finally {
      await lock.release();
    }
  });
});

describe("The service's PostgreSQL sessions", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      worker: false,
      config: (c) => ({ ...c, database: { statementTimeoutMs: 45_000, idleInTransactionTimeoutMs: 400_000 } }),
    });
  });
  afterAll(() => t.close());

  it('run with the configured statement and idle-in-transaction timeouts, from a pool sized for uploads and imports', async () => {
    const [settings] = await query<{ statement_timeout: string; idle: string }>(
      t.app,
      `SELECT current_setting('statement_timeout') AS statement_timeout, current_setting('idle_in_transaction_session_timeout') AS idle`,
    );
    expect(settings).toEqual({ statement_timeout: '45s', idle: '400s' });
    const pool = (t.app.get(DataSource).driver as unknown as { master: { options: { max: number } } }).master.options.max;
    expect(pool).toBe(poolSize(t.config));
    expect(poolSize({ ...t.config, worker: { ...t.config.worker, enabled: true, concurrency: 4 } })).toBeGreaterThan(
      poolSize({ ...t.config, worker: { ...t.config.worker, enabled: true, concurrency: 2 } }),
    );
  });

  it('a statement over the timeout is cancelled', async () => {
    const short = await createTestApp({ worker: false, config: (c) => ({ ...c, database: { ...c.database, statementTimeoutMs: 200 } }) });
    try {
      await expect(query(short.app, 'SELECT pg_sleep(2)')).rejects.toThrow(/statement timeout/);
    } finally {
      await short.close();
    }
  });
});
