import { readFileSync } from 'node:fs';
import { createCaller, type Caller } from './support/cli';
import { FaultsDb, type JobRow } from './support/db';
import { sleep } from '../../tools/harness/repo';
import { uploadCatalog } from '../../tools/harness/http/import-requests';
import { orderingPlan } from './support/ordering-plan';
import type { ServiceProcess } from '../../tools/harness/service-process';
import { startApi, startWorker, type ApiProcess } from './support/processes';
import { cleanUp, faultSeed, note } from './support/scenario';

const SCENARIO = 'ordering';
const ORGANIZATIONS = 5;
const UPLOADS_PER_ORGANIZATION = 6;

/** Most jobs that were processing at the same instant, over all organizations. */
function maxParallel(jobs: JobRow[]): number {
  const events = jobs.flatMap((j) => [
    { at: BigInt(j.started_us ?? 0), delta: 1 },
    { at: BigInt(j.completed_us ?? 0), delta: -1 },
  ]);
  events.sort((a, b) => (a.at === b.at ? a.delta - b.delta : a.at < b.at ? -1 : 1));
  let now = 0;
  let max = 0;
  for (const e of events) max = Math.max(max, (now += e.delta));
  return max;
}

describe(`Three workers, ${ORGANIZATIONS * UPLOADS_PER_ORGANIZATION} uploads shuffled across ${ORGANIZATIONS} organizations (ordering)`, () => {
  const db = new FaultsDb();
  let api: ApiProcess;
  let workers: ServiceProcess[];

  beforeAll(async () => {
    [api, ...workers] = await Promise.all([
      startApi({ name: 'faults-order-api' }),
      startWorker({ name: 'faults-order-w1' }),
      startWorker({ name: 'faults-order-w2' }),
      startWorker({ name: 'faults-order-w3' }),
    ]);
  });

  afterAll(() => cleanUp(db));

  it("applies every organization's files in upload order, never two at once", async () => {
    const plan = orderingPlan(faultSeed(SCENARIO), ORGANIZATIONS, UPLOADS_PER_ORGANIZATION);
    const callers: Caller[] = [];
    for (let o = 0; o < ORGANIZATIONS; o += 3) {
      callers.push(
        ...(await Promise.all(Array.from({ length: Math.min(3, ORGANIZATIONS - o) }, (_, i) => createCaller(`${SCENARIO} org ${o + i}`)))),
      );
    }
    // Besides the timestamps checked below, sample import_jobs directly while the imports run.
    const orgIds = callers.map((c) => c.organizationId);
    const overlaps: string[] = [];
    let samples = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const rows = await db.query<{ organization_id: string; n: string }>(
          `SELECT organization_id, count(*) AS n FROM import_jobs
            WHERE status = 'processing' AND organization_id = ANY($1::uuid[]) GROUP BY organization_id HAVING count(*) > 1`,
          [orgIds],
        );
        samples++;
        for (const row of rows) overlaps.push(`org ${orgIds.indexOf(row.organization_id)}: ${row.n} jobs processing at once`);
        await sleep(10);
      }
    })();
    const started = Date.now();
    const jobIds: string[] = [];
    for (const upload of plan.uploads)
      jobIds.push(await uploadCatalog(api.port, callers[upload.organization], upload.content, `u${upload.seq}.json`));
    note(SCENARIO, `${jobIds.length} uploads (${plan.uploads.map((u) => u.organization).join('')}) accepted in ${Date.now() - started} ms`);
    for (const jobId of jobIds) await db.waitForFinished(jobId, Math.max(1_000, 120_000 - (Date.now() - started)));
    sampling = false;
    await sampler;
    note(SCENARIO, `all imports finished ${Date.now() - started} ms after the first upload (${samples} samples of import_jobs meanwhile)`);

    const problems: string[] = [];
    const allJobs: JobRow[] = [];
    for (const [o, caller] of callers.entries()) {
      const planned = plan.uploads.filter((u) => u.organization === o);
      const jobs = await db.jobsOfOrganization(caller.organizationId); // ordered by created_at, id
      allJobs.push(...jobs);
      const plannedIds = planned.map((u) => jobIds[u.seq]);
      if (JSON.stringify(jobs.map((j) => j.id)) !== JSON.stringify(plannedIds))
        problems.push(`org ${o}: created_at order is not the upload order`);
      for (const [i, job] of jobs.entries()) {
        const upload = planned[plannedIds.indexOf(job.id)];
        const counters = {
          total: job.total,
          indexed_count: job.indexed_count,
          failed_count: job.failed_count,
          skipped_count: job.skipped_count,
        };
        if (job.status !== 'done') problems.push(`org ${o} job ${i}: ${job.status}`);
        if (JSON.stringify(counters) !== JSON.stringify(upload.expected)) {
          problems.push(
            `org ${o} upload ${i} (seq ${upload.seq}): counters ${JSON.stringify(counters)}, expected in upload order ${JSON.stringify(upload.expected)}`,
          );
        }
        const errors = await db.errorRows(job.id);
        if (errors.count !== job.failed_count)
          problems.push(`org ${o} job ${i}: ${errors.count} error rows for failed_count ${job.failed_count}`);
        if (i > 0) {
          const previous = jobs[i - 1];
          if (BigInt(job.started_us ?? 0) < BigInt(previous.completed_us ?? Number.MAX_SAFE_INTEGER)) {
            problems.push(`org ${o}: job ${i} started (${job.started_us}) before job ${i - 1} completed (${previous.completed_us})`);
          }
        }
      }
      const actual = await db.catalogFields(caller.organizationId);
      const expected = plan.finalCatalogs[o];
      let differing = 0;
      const samples: string[] = [];
      for (const [id, want] of expected) {
        const got = actual.get(id);
        if (got && got.title === want.title && got.brand === want.brand) continue;
        differing++;
        if (samples.length < 3)
          samples.push(`${id}: ${got ? `${got.brand} "${got.title}"` : 'missing'}, expected ${want.brand} "${want.title}"`);
      }
      for (const id of actual.keys()) if (!expected.has(id)) differing++;
      if (differing > 0 || actual.size !== expected.size) {
        problems.push(
          `org ${o}: ${differing} products differ from applying its files in upload order (${actual.size} vs ${expected.size}), e.g. ${samples.join('; ')}`,
        );
      }
      note(SCENARIO, `org ${o}: ${jobs.length} jobs, ${actual.size} products (expected ${expected.size})`);
    }

    const doneBy = workers.map((w) => {
      const log = readFileSync(w.logFile, 'utf8');
      return `${w.name} ${jobIds.filter((id) => log.includes(`Import job ${id} done`)).length}`;
    });
    note(
      SCENARIO,
      `jobs finished per worker: ${doneBy.join(', ')}; most imports running at once (all organizations): ${maxParallel(allJobs)}`,
    );
    expect(overlaps).toEqual([]);
    expect(problems).toEqual([]);
  });
});
