import { createCaller } from '../support/factories';
import { query } from '../support/database';
import { getJob, upload, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { eventually } from '../support/eventually';

/** 3,000 products in batches of 100: invalid every 7th, duplicates every 50th. */
function catalog(): string {
  return JSON.stringify(
    Array.from({ length: 3000 }, (_, i) =>
      i % 7 === 3 ? { id: `r-${i}`, title: '' } : { id: `r-${i % 50 === 0 ? 0 : i}`, title: `Restartable ${i}`, brand: 'R' },
    ),
  );
}

const smallBatches = (t: Parameters<typeof createTestApp>[0] = {}) =>
  createTestApp({ ...t, config: (c) => ({ ...c, worker: { ...c.worker, batchSize: 100 } }) });

/** Positions the file marks invalid (an empty title), independently of the service's counting. */
const INVALID_INDEXES = Array.from({ length: 3000 }, (_, i) => i).filter((i) => i % 7 === 3);

/** Every column an import writes; last_import_job_id as "written by this job" (the ids differ between runs). */
async function catalogState(t: TestApp, organizationId: string, jobId: string) {
  return query(
    t.app,
    `SELECT product_id, data, encode(content_hash, 'hex') AS hash, encode(raw_hash, 'hex') AS raw_hash,
            last_import_job_id = $2 AS written_by_job
       FROM products WHERE organization_id = $1 ORDER BY product_id`,
    [organizationId, jobId],
  );
}

/** The stored error rows, by content: position, product id and the field errors. */
async function errorRows(t: TestApp, jobId: string) {
  return query<{ index: number; product_id: string | null; errors: unknown }>(
    t.app,
    'SELECT index, product_id, errors FROM import_errors WHERE job_id = $1 ORDER BY index',
    [jobId],
  );
}

describe('Worker restarted mid-import', () => {
  it('finishes with the same counters and catalog as an undisturbed run', async () => {
    const reference = await smallBatches();
    const refCaller = await createCaller(reference.app);
    const refJob = await waitForJob(reference.http, refCaller.auth, await upload(reference.http, refCaller.auth, catalog()));
    const refCatalog = await catalogState(reference, refCaller.organizationId, refJob.job_id);
    const refErrors = await errorRows(reference, refJob.job_id);
    await reference.close();
    expect(refJob).toMatchObject({ status: 'done', total: 3000, failed_count: INVALID_INDEXES.length });
    expect(refErrors.map((row) => row.index)).toEqual(INVALID_INDEXES);

    const first = await smallBatches();
    const caller = await createCaller(first.app);
    const jobId = await upload(first.http, caller.auth, catalog());
    // Stop the app as soon as some, but not all, batches have committed.
    await eventually(
      'a batch committed mid-import',
      async () => {
        const job = await getJob(first.http, caller.auth, jobId);
        if (job.progress + job.skipped_count > 0) return true;
        if (job.status === 'done') throw new Error(`no batch committed mid-import (job ${job.status})`);
        return false;
      },
      { timeoutMs: 30_000, intervalMs: 5 },
    );
    await first.close(); // graceful: the running batch commits, the job stays processing with its cursor

    const second = await smallBatches();
    try {
      const [mid] = await query<{ cursor: number; status: string; total: number }>(
        second.app,
        'SELECT cursor, status, total FROM import_jobs WHERE id = $1',
        [jobId],
      );
      expect(mid.status).toBe('processing');
      expect(mid.cursor).toBeGreaterThan(0);
      expect(mid.cursor).toBeLessThan(mid.total);
      const job = await waitForJob(second.http, caller.auth, jobId, { timeoutMs: 60_000 });
      const strip = ({ job_id, started_at, completed_at, ...counters }: typeof job) => (void [job_id, started_at, completed_at], counters);
      expect(strip(job)).toEqual(strip(refJob));
      expect(job.indexed_count + job.failed_count + job.skipped_count).toBe(job.total);
      expect(await catalogState(second, caller.organizationId, jobId)).toEqual(refCatalog); // same ids, data and hashes
      expect(await errorRows(second, jobId)).toEqual(refErrors); // same rows, not only as many
    } finally {
      await second.close();
    }
  });
});
