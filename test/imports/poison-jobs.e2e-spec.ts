import { Client } from 'pg';
import type { ImportJob } from '../../src/imports/jobs/entities/import-job.entity';
import { OrganizationLockRepository } from '../../src/imports/jobs/repositories/organization-lock.repository';
import { ImportJobRunnerService, type RunOutcome } from '../../src/imports/worker/import-job-runner.service';
import { query } from '../support/database';
import { createCaller } from '../support/factories';
import { products, upload, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { TEST_DATABASE_URL, TEST_QUEUE_PREFIX } from '../setup/test-database';

const ATTEMPTS = 3;
/**
 * A database and queue of this spec's own: the e2e specs run in parallel, and any other spec's
 * worker (with the real runner) would otherwise pick up the poison job through its reconciler.
 */
const DATABASE_URL = `${TEST_DATABASE_URL}_poison`;
const QUEUE_PREFIX = `${TEST_QUEUE_PREFIX}-poison`;

async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Test-only runner: any file named poison.json throws on every delivery; the rest import normally. */
class PoisonRunner extends ImportJobRunnerService {
  readonly poisonRuns: string[] = [];

  override async run(job: ImportJob, shouldStop: () => boolean): Promise<RunOutcome> {
    if (job.fileName !== 'poison.json') return super.run(job, shouldStop);
    this.poisonRuns.push(job.id);
    throw new Error('poisoned on purpose');
  }
}

interface JobState {
  status: string;
  failure_type: string | null;
  attempts: number;
  idle_deliveries: number;
  chunks: string;
}

describe(`Poison jobs end after IMPORT_ATTEMPTS (${ATTEMPTS}) deliveries without progress`, () => {
  let t: TestApp;

  beforeAll(async () => {
    await dropDatabase(DATABASE_URL); // created and migrated again by the app (DatabaseModule)
    t = await createTestApp({
      config: (c) => ({ ...c, databaseUrl: DATABASE_URL, queuePrefix: QUEUE_PREFIX, worker: { ...c.worker, attempts: ATTEMPTS } }),
      override: (builder) => builder.overrideProvider(ImportJobRunnerService).useClass(PoisonRunner),
    });
  });
  afterAll(async () => {
    await t.close();
    await dropDatabase(DATABASE_URL);
  });

  const state = async (jobId: string): Promise<JobState> =>
    (
      await query<JobState>(
        t.app,
        `SELECT status, failure_type, attempts, idle_deliveries,
                (SELECT count(*) FROM import_file_chunks c WHERE c.job_id = j.id) AS chunks
           FROM import_jobs j WHERE id = $1`,
        [jobId],
      )
    )[0];

  it('a job that throws on every delivery ends failed/internal after exactly that many, its file deleted; the next upload runs', async () => {
    const caller = await createCaller(t.app);
    const poison = await upload(t.http, caller.auth, products(5), 'poison.json');
    const next = await upload(t.http, caller.auth, products(4), 'fine.json');

    const failed = await waitForJob(t.http, caller.auth, poison, { timeoutMs: 60_000 });
    expect(failed.status).toBe('failed');
    expect(await state(poison)).toEqual({
      status: 'failed',
      failure_type: 'internal',
      attempts: ATTEMPTS,
      idle_deliveries: ATTEMPTS,
      chunks: '0',
    });
    expect(t.app.get(ImportJobRunnerService, { strict: false }) instanceof PoisonRunner).toBe(true);
    expect((t.app.get(ImportJobRunnerService) as PoisonRunner).poisonRuns.filter((id) => id === poison)).toHaveLength(ATTEMPTS);

    const after = await waitForJob(t.http, caller.auth, next, { timeoutMs: 30_000 });
    expect(after).toMatchObject({ status: 'done', indexed_count: 4, total: 4 });
  });

  it('a job whose earlier deliveries all crashed (no exception to catch) is failed by the next one without running', async () => {
    const caller = await createCaller(t.app);
    // Holding the organization's import lock keeps deliveries away while the crashes are staged.
    const lock = await t.app.get(OrganizationLockRepository).tryAcquire(caller.organizationId);
    if (!lock) throw new Error('organization lock not free');
    let jobId: string;
    try {
      jobId = await upload(t.http, caller.auth, products(3), 'crashing.json');
      // What ATTEMPTS deliveries that each died mid-import leave behind: claimed, counted, never progressed.
      await query(t.app, `UPDATE import_jobs SET status = 'processing', attempts = $2, idle_deliveries = $2 WHERE id = $1`, [
        jobId,
        ATTEMPTS,
      ]);
    } finally {
      await lock.release();
    }
    const job = await waitForJob(t.http, caller.auth, jobId, { timeoutMs: 30_000 });
    expect(job).toMatchObject({ status: 'failed', indexed_count: 0, total: 0 });
    expect(await state(jobId)).toEqual({
      status: 'failed',
      failure_type: 'internal',
      attempts: ATTEMPTS + 1,
      idle_deliveries: ATTEMPTS + 1,
      chunks: '0',
    });
  });

  it('progress resets the count: a job that crashed before but commits a batch on this delivery finishes', async () => {
    const caller = await createCaller(t.app);
    const lock = await t.app.get(OrganizationLockRepository).tryAcquire(caller.organizationId);
    if (!lock) throw new Error('organization lock not free');
    let jobId: string;
    try {
      jobId = await upload(t.http, caller.auth, products(3), 'recovering.json');
      await query(t.app, `UPDATE import_jobs SET status = 'processing', attempts = $2, idle_deliveries = $2 WHERE id = $1`, [
        jobId,
        ATTEMPTS - 1,
      ]);
    } finally {
      await lock.release();
    }
    const job = await waitForJob(t.http, caller.auth, jobId, { timeoutMs: 30_000 });
    expect(job).toMatchObject({ status: 'done', indexed_count: 3 });
    expect(await state(jobId)).toMatchObject({ attempts: ATTEMPTS, idle_deliveries: 0, chunks: '0' });
  });
});
