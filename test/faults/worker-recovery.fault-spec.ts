import { largeFile } from './support/catalog';
import { createCaller } from './support/cli';
import { FaultsDb } from './support/db';
import { uploadCatalog } from '../../tools/harness/http/import-requests';
import { collectOutcome, invariantViolations, summary } from './support/outcome';
import type { ServiceProcess } from '../../tools/harness/service-process';
import { startApi, startWorker } from './support/processes';
import { cleanUp, note, waitForCursor, waitForLockHolder } from './support/scenario';

const SCENARIO = 'recovery';
/** Cursor fractions at which the worker running the import is SIGKILLed. */
const KILL_AT = [0.15, 0.4, 0.65];
/** Generous: the design target is 10 s; this only catches a broken recovery, never a slow machine. */
const RECOVERY_BOUND_MS = 30_000;
/**
 * The workers run with the service's default lock and stalled-check timings (empty = default), not
 * the suite's short ones: this measures what production gets.
 */
const DEFAULT_TIMINGS = { QUEUE_LOCK_DURATION_MS: '', QUEUE_STALLED_INTERVAL_MS: '' };

describe('A dead worker’s import resumes on a live worker (within 10 s)', () => {
  const db = new FaultsDb();
  const file = largeFile();

  afterAll(() => cleanUp(db));

  it(`SIGKILL at ${KILL_AT.map((f) => `${f * 100}%`).join(', ')}: the other worker takes over each time`, async () => {
    const api = await startApi({ name: 'faults-recovery-api' });
    const caller = await createCaller(SCENARIO);
    let generation = 0;
    const start = () => startWorker({ name: `faults-recovery-${generation++}`, env: DEFAULT_TIMINGS });
    const workers: ServiceProcess[] = await Promise.all([start(), start()]);
    const jobId = await uploadCatalog(api.port, caller, file.content);

    const recoveries: Array<{ at: number; takeoverMs: number; resumedMs: number }> = [];
    // The replacement for a killed worker boots while the import runs on, and joins before the next
    // kill: waiting for its boot first let a fast import end before the last kill point was reached.
    let booting: Promise<ServiceProcess> | undefined;
    for (const fraction of KILL_AT) {
      const holder = await waitForLockHolder(db, caller.organizationId, workers, 60_000);
      const before = await waitForCursor(db, jobId, fraction, 120_000);
      if (booting !== undefined) workers.push(await booting);
      await holder.kill();
      const killed = Date.now();
      workers.splice(workers.indexOf(holder), 1);
      // The survivor, already running, must pick the job up; the replacement boots meanwhile.
      const survivor = await waitForLockHolder(db, caller.organizationId, workers, RECOVERY_BOUND_MS);
      const takeoverMs = Date.now() - killed;
      const resumed = await db.waitForJob(jobId, (j) => j.cursor > before.cursor || j.status !== 'processing', 'resumed', 60_000, 10);
      recoveries.push({ at: before.cursor, takeoverMs, resumedMs: Date.now() - killed });
      note(
        SCENARIO,
        `killed ${holder.name} at cursor ${before.cursor}/${before.total}: ${survivor.name} held the organization lock after ${takeoverMs} ms, ` +
          `cursor ${resumed.cursor} after ${Date.now() - killed} ms`,
      );
      booting = start();
    }
    if (booting !== undefined) workers.push(await booting);
    const outcome = await collectOutcome(db, await db.waitForFinished(jobId, 180_000));
    const worst = Math.max(...recoveries.map((r) => r.takeoverMs));
    note(
      SCENARIO,
      `takeover after SIGKILL: ${recoveries.map((r) => `${r.takeoverMs} ms`).join(', ')} (worst ${worst} ms); ${summary(outcome)}`,
    );

    expect(invariantViolations(outcome)).toEqual([]);
    expect(recoveries.every((r) => r.takeoverMs < RECOVERY_BOUND_MS)).toBe(true);
  });
});
