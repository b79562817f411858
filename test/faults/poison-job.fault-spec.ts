import { smallFile } from './support/catalog';
import { createCaller } from './support/cli';
import { FaultsDb } from './support/db';
import { sleep } from '../../tools/harness/repo';
import { uploadCatalog } from '../../tools/harness/http/import-requests';
import { collectOutcome, invariantViolations, referenceOutcome, outcomeDifferences, summary, type ImportOutcome } from './support/outcome';
import type { ServiceProcess } from '../../tools/harness/service-process';
import { startApi, startTestWorker, startWorker, type ApiProcess } from './support/processes';
import { cleanUp, note } from './support/scenario';

const SCENARIO = 'poison';
/** IMPORT_ATTEMPTS of the poison scenario's workers. */
const ATTEMPTS = 3;
/** test/faults/workers/poison-worker.ts: importing a file of this name SIGKILLs the worker. */
const POISON_FILE_NAME = 'poison.json';

describe('A job whose every delivery kills its worker (poison jobs end)', () => {
  const db = new FaultsDb();
  const file = smallFile();
  let api: ApiProcess;
  let reference: ImportOutcome;

  beforeAll(async () => {
    api = await startApi({ name: 'faults-poison-api' });
    const worker = await startWorker({ name: 'faults-poison-reference' });
    reference = await referenceOutcome(db, api.port, file.content);
    await worker.kill();
  });

  afterAll(() => cleanUp(db));

  it(`ends failed/internal after ${ATTEMPTS} crashed deliveries, its file deleted, and the organization's next upload ends done`, async () => {
    const caller = await createCaller(SCENARIO);
    const env = { IMPORT_ATTEMPTS: String(ATTEMPTS) };
    let generation = 0;
    const start = () => startTestWorker('poison-worker', { name: `faults-poison-${generation++}`, env });
    let worker: ServiceProcess = await start();
    const poison = await uploadCatalog(api.port, caller, file.content, POISON_FILE_NAME);
    const next = await uploadCatalog(api.port, caller, file.content, 'next.json');

    // Each time the worker dies, start another (always exactly one worker, so every delivery is a test worker's).
    const deaths: string[] = [];
    const started = Date.now();
    for (;;) {
      const job = await db.job(poison);
      if (job.status === 'done' || job.status === 'failed') break;
      if (!worker.running) {
        deaths.push(`${JSON.stringify(worker.exitInfo)} at +${Date.now() - started} ms, attempts ${job.attempts}`);
        if (deaths.length > ATTEMPTS + 2)
          throw new Error(`the worker died ${deaths.length} times; the job never ended: ${deaths.join('; ')}`);
        worker = await start();
      }
      if (Date.now() - started > 180_000) throw new Error(`job ${poison} still ${job.status} after 180 s (${deaths.join('; ')})`);
      await sleep(50);
    }
    const failed = await db.job(poison);
    note(SCENARIO, `deaths: ${deaths.join('; ')}`);
    note(SCENARIO, `poison job ${failed.status}/${failed.failure_type} after ${failed.attempts} deliveries, ${Date.now() - started} ms`);

    expect(deaths).toHaveLength(ATTEMPTS);
    expect(deaths.every((d) => d.includes('"signal":"SIGKILL"'))).toBe(true);
    // ATTEMPTS deliveries died; the next one ended the job without running it.
    expect({ status: failed.status, type: failed.failure_type, attempts: failed.attempts, cursor: failed.cursor }).toEqual({
      status: 'failed',
      type: 'internal',
      attempts: ATTEMPTS + 1,
      cursor: 0,
    });
    expect(await db.fileChunkCount(poison)).toBe(0);

    const after = await collectOutcome(db, await db.waitForFinished(next, 120_000));
    note(SCENARIO, `next upload: ${summary(after)}`);
    expect(invariantViolations(after)).toEqual([]);
    expect(outcomeDifferences(reference, after, { catalog: false })).toEqual([]);
    expect(worker.running).toBe(true);
  });
});
