import { createCaller } from './support/factories';
import { query } from './support/database';
import { getJob, upload, waitForJob } from './support/imports';
import { createTestApp, type TestApp } from './support/test-app';

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

async function catalogState(t: TestApp, organizationId: string) {
  return query(t.app, 'SELECT product_id, encode(content_hash, $2) AS hash FROM products WHERE organization_id = $1 ORDER BY product_id', [
    organizationId,
    'hex',
  ]);
}

describe('Worker restarted mid-import', () => {
  it('finishes with the same counters and catalog as an undisturbed run', async () => {
    const reference = await smallBatches();
    const refCaller = await createCaller(reference.app);
    const refJob = await waitForJob(reference.http, refCaller.auth, await upload(reference.http, refCaller.auth, catalog()));
    const refCatalog = await catalogState(reference, refCaller.organizationId);
    await reference.close();

    const first = await smallBatches();
    const caller = await createCaller(first.app);
    const jobId = await upload(first.http, caller.auth, catalog());
    // Stop the app as soon as some, but not all, batches have committed.
    for (;;) {
      const job = await getJob(first.http, caller.auth, jobId);
      if (job.progress + job.skipped_count > 0) break;
      await new Promise((r) => setTimeout(r, 5));
    }
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
      expect(await catalogState(second, caller.organizationId)).toEqual(refCatalog); // same ids and content hashes
      const [{ errors }] = await query<{ errors: string }>(second.app, 'SELECT count(*) AS errors FROM import_errors WHERE job_id = $1', [
        jobId,
      ]);
      expect(Number(errors)).toBe(job.failed_count);
    } finally {
      await second.close();
    }
  });
});
