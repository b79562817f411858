import { bigFile } from './support/catalog';
import { createCaller } from './support/cli';
import { FaultsDb } from './support/db';
import { uploadCatalog } from '../../tools/harness/http/import-requests';
import { collectOutcome, invariantViolations, outcomeDifferences, referenceOutcome, summary, type ImportOutcome } from './support/outcome';
import type { ExitInfo, ServiceProcess } from '../../tools/harness/service-process';
import { startApi, startWorker, type ApiProcess } from './support/processes';
import { cleanUp, note, waitForCursor, waitForLockHolder } from './support/scenario';

const SCENARIO = 'sigterm';
const GRACE_MS = 10_000;

describe('Worker SIGTERMed mid-import (graceful shutdown)', () => {
  const db = new FaultsDb();
  const file = bigFile();
  let api: ApiProcess;
  let workers: ServiceProcess[];
  let reference: ImportOutcome;

  beforeAll(async () => {
    [api, ...workers] = await Promise.all([
      startApi({ name: 'faults-sigterm-api' }),
      startWorker({ name: 'faults-sigterm-a' }),
      startWorker({ name: 'faults-sigterm-b' }),
    ]);
    reference = await referenceOutcome(db, api.port, file.content);
  });

  afterAll(() => cleanUp(db));

  it(`exits 0 within ${GRACE_MS / 1000} s after checkpointing; the other worker finishes the job identically to the reference`, async () => {
    const caller = await createCaller(SCENARIO);
    const jobId = await uploadCatalog(api.port, caller, file.content);
    const holder = await waitForLockHolder(db, caller.organizationId, workers, 30_000);
    const other = workers.find((w) => w !== holder)!;
    const mid = await waitForCursor(db, jobId, 0.3);

    const signalledAt = Date.now();
    holder.signal('SIGTERM');
    const exit: ExitInfo | null = await holder.waitForExit(GRACE_MS);
    const exitMs = Date.now() - signalledAt;
    const atExit = await db.progress(jobId);
    note(
      SCENARIO,
      `${holder.name} SIGTERMed at cursor ${mid.cursor}/${mid.total}: exit ${JSON.stringify(exit)} after ${exitMs} ms; job ${atExit.status} at cursor ${atExit.cursor}`,
    );
    if (!exit) await holder.kill(); // past the grace period: what an orchestrator would do

    // The job resumes on the other worker (Bull retries the interrupted delivery there) from its checkpoint.
    let resumedBy: string | undefined;
    if (atExit.status === 'processing') resumedBy = (await waitForLockHolder(db, caller.organizationId, [other], 30_000)).name;
    const finished = await db.waitForFinished(jobId, 90_000);
    const outcome = await collectOutcome(db, finished);
    note(
      SCENARIO,
      `resumed by ${resumedBy ?? '(nobody: already finished)'} ${Date.now() - signalledAt} ms after the signal… ${summary(outcome)}`,
    );

    expect(atExit.counted).toBe(atExit.cursor); // checkpoint: counters and cursor committed together
    expect(atExit.errorRows).toBe(atExit.failed);
    // It stopped after a batch instead of draining the whole import: another delivery claimed the job
    // after it. On a fast machine the other worker can finish it before this one has exited.
    expect(outcome.attempts).toBeGreaterThanOrEqual(2);
    if (atExit.status === 'processing') expect(resumedBy).toBe(other.name);
    else expect(atExit.status).toBe('done');
    expect(invariantViolations(outcome)).toEqual([]);
    expect(outcomeDifferences(reference, outcome)).toEqual([]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(exitMs).toBeLessThan(GRACE_MS);
  });

  it(`the API (WORKER_ENABLED=false) also exits 0 within ${GRACE_MS / 1000} s of SIGTERM`, async () => {
    const signalledAt = Date.now();
    api.signal('SIGTERM');
    const exit = await api.waitForExit(GRACE_MS);
    note(SCENARIO, `API SIGTERMed: exit ${JSON.stringify(exit)} after ${Date.now() - signalledAt} ms`);
    expect(exit).toEqual({ code: 0, signal: null });
  });
});
