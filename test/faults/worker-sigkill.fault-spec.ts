import { bigFile, int, random } from './support/catalog';
import { createCaller } from './support/cli';
import { FaultsDb } from './support/db';
import { sleep } from '../../tools/harness/repo';
import { uploadCatalog } from '../../tools/harness/http/import-requests';
import { collectOutcome, invariantViolations, outcomeDifferences, referenceOutcome, summary, type ImportOutcome } from './support/outcome';
import { startApi, startWorker, type ApiProcess } from './support/processes';
import { cleanUp, faultSeed, note, waitForLockHolder } from './support/scenario';

const SCENARIO = 'sigkill';
/** Kill points spread over the file (by cursor), after one kill during the scan pass and before one at the very end. */
const SPREAD_KILLS = 11;

interface Kill {
  point: string;
  /** What the job looked like right after the kill. */
  status: string;
  cursor: number;
  total: number;
  /** The open write transaction seen just before the kill, for the kills aimed at one. */
  transaction?: string;
}

describe('Worker SIGKILLed at random points of a multi-batch import (exactly-once counting)', () => {
  const db = new FaultsDb();
  const file = bigFile();
  let api: ApiProcess;
  let reference: ImportOutcome;

  beforeAll(async () => {
    api = await startApi({ name: 'faults-sigkill-api' });
    const worker = await startWorker({ name: 'faults-sigkill-reference' });
    const started = Date.now();
    reference = await referenceOutcome(db, api.port, file.content);
    note(
      SCENARIO,
      `reference (${file.content.length} bytes, ${file.elements} elements, ${Date.now() - started} ms): ${summary(reference)}`,
    );
    await worker.kill();
  });

  afterAll(() => cleanUp(db));

  it('finishes with the reference counters and catalog after 13 SIGKILLs, counting every element exactly once', async () => {
    const rand = random(faultSeed(SCENARIO));
    const caller = await createCaller(SCENARIO);
    let worker = await startWorker({ name: 'faults-sigkill-0' });
    const jobId = await uploadCatalog(api.port, caller, file.content);
    const total = file.elements;
    // Random kill points: during the scan pass, then at random cursors (sorted), then as the last batch commits.
    const targets = Array.from({ length: SPREAD_KILLS }, () => Math.floor(total * (0.02 + 0.93 * rand()))).sort((a, b) => a - b);
    const plan: Array<{ point: string; cursor: number; inTransaction: boolean }> = [
      { point: 'scan pass', cursor: 0, inTransaction: false },
      ...targets.map((cursor, i) => ({ point: `cursor >= ${cursor}`, cursor, inTransaction: i % 2 === 0 })),
      { point: 'end (cursor = total)', cursor: total, inTransaction: false },
    ];
    const kills: Kill[] = [];
    const atKill: string[] = [];

    for (const [k, step] of plan.entries()) {
      // This worker claims the job (after a kill, Bull redelivers it once the dead worker's lock expires: stalled-job check).
      await waitForLockHolder(db, caller.organizationId, [worker], 30_000);
      // Start the replacement now, so its boot overlaps the wait for the stalled-job check.
      const replacement = startWorker({ name: `faults-sigkill-${k + 1}` });
      replacement.catch(() => undefined);
      let transaction: string | undefined;
      if (step.cursor === 0) {
        await sleep(int(rand, 0, 150));
      } else {
        await db.waitForJob(jobId, (j) => j.status !== 'processing' || j.cursor >= step.cursor, step.point, 60_000, 5);
        if (step.inTransaction) {
          const deadline = Date.now() + 10_000;
          while (!(transaction = (await db.openWriteTransaction(worker.name)) ?? undefined) && Date.now() < deadline) await sleep(1);
        } else if (step.cursor < total) {
          await sleep(int(rand, 0, 100));
        }
      }
      await worker.kill();
      const after = await db.progress(jobId);
      kills.push({ point: step.point, status: after.status, cursor: after.cursor, total: after.total, transaction });
      // Whatever the kill interrupted, what committed is consistent: counters = cursor, one error row per failed element.
      if (after.counted !== after.cursor) atKill.push(`kill ${k}: counters sum ${after.counted} != cursor ${after.cursor}`);
      if (after.errorRows !== after.failed) atKill.push(`kill ${k}: ${after.errorRows} error rows for failed_count ${after.failed}`);
      worker = await replacement; // also after the last kill: someone has to finish the job
      if (after.status === 'done') break;
    }
    for (const [k, kill] of kills.entries()) {
      note(
        SCENARIO,
        `kill ${k} at ${kill.point}: job ${kill.status}, cursor ${kill.cursor}/${kill.total}${kill.transaction ? ` — inside "${kill.transaction}"` : ''}`,
      );
    }

    const finished = await db.waitForFinished(jobId, 120_000);
    const outcome = await collectOutcome(db, finished);
    note(SCENARIO, `after ${kills.length} kills: ${summary(outcome)}; deliveries that claimed it: ${outcome.attempts}`);

    const midImport = kills.filter((k) => k.status === 'processing' && k.cursor < k.total);
    expect(midImport.length).toBeGreaterThanOrEqual(10);
    expect(kills.filter((k) => k.transaction).length).toBeGreaterThanOrEqual(3);
    expect(atKill).toEqual([]);
    expect(invariantViolations(outcome)).toEqual([]);
    expect(outcomeDifferences(reference, outcome)).toEqual([]);
    // Search entries the killed workers left pending are taken by the survivor (its request after done, or its sweep).
    const search = await db.searchCaughtUp(caller.organizationId, 60_000);
    note(SCENARIO, `search: ${JSON.stringify(search)}`);
    expect(search).toEqual({ pending: 0, products: outcome.catalog.length, missing: 0, stale: 0 });
  });
});
