import { smallFile } from './support/catalog';
import { createCaller } from './support/cli';
import { FaultsDb } from './support/db';
import { RECONCILE_INTERVAL_MS } from './support/env';
import { sleep } from '../../tools/harness/repo';
import { attempt, describeAnswer, isFailure } from '../../tools/harness/http/request';
import { postUpload } from '../../tools/harness/http/import-requests';
import { collectOutcome, invariantViolations, outcomeDifferences, referenceOutcome, summary, type ImportOutcome } from './support/outcome';
import { startApi, startWorker } from './support/processes';
import { cleanUp, note } from './support/scenario';
import { bullJobExists } from './support/services';

const SCENARIO = 'crash-before-enqueue';

describe('API killed between the upload commit and the enqueue (the reconciler recovers the job)', () => {
  const db = new FaultsDb();
  const file = smallFile();
  let reference: ImportOutcome;

  beforeAll(async () => {
    const [api, worker] = await Promise.all([
      startApi({ name: 'faults-crash-reference-api' }),
      startWorker({ name: 'faults-crash-reference-worker' }),
    ]);
    reference = await referenceOutcome(db, api.port, file.content);
    await Promise.all([api.kill(), worker.kill()]);
  });

  afterAll(() => cleanUp(db));

  it('leaves a pending job that a worker still imports to the reference result', async () => {
    const caller = await createCaller(SCENARIO);
    const api = await startApi({ name: 'faults-crash-api', testEntry: 'crash-before-enqueue-api' });

    const answer = await attempt(postUpload(api.port, caller, file.content));
    const exit = await api.waitForExit(5_000);
    note(SCENARIO, `upload: ${describeAnswer(answer)}; API exit ${JSON.stringify(exit)}`);
    expect(isFailure(answer) ? answer.message : describeAnswer(answer)).toMatch(/socket hang up|ECONNRESET/);
    expect(exit).toEqual({ code: null, signal: 'SIGKILL' });

    // The upload committed: the job row and its file exist, pending, and Bull never heard of it.
    const jobs = await db.jobsOfOrganization(caller.organizationId);
    expect(jobs.map((j) => j.status)).toEqual(['pending']);
    const [job] = jobs;
    expect(await db.fileChunkCount(job.id)).toBeGreaterThan(0);
    expect(await bullJobExists(job.id)).toBe(false);
    await sleep(2 * RECONCILE_INTERVAL_MS);
    expect((await db.job(job.id)).status).toBe('pending'); // no worker, nobody else picks it up

    // A worker starts: its reconciler finds the pending job without a Bull job and enqueues it.
    const started = Date.now();
    const worker = await startWorker({ name: 'faults-crash-worker' });
    const finished = await db.waitForFinished(job.id, 60_000);
    const outcome = await collectOutcome(db, finished);
    note(SCENARIO, `job ${job.id} ${summary(outcome)} ${Date.now() - started} ms after the worker started`);

    expect(invariantViolations(outcome)).toEqual([]);
    expect(outcomeDifferences(reference, outcome)).toEqual([]);
    expect(worker.running).toBe(true);
  });
});
