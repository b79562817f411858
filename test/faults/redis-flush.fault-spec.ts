import { followUpFile, largeFile } from './support/catalog';
import { createCaller } from './support/cli';
import { FaultsDb } from './support/db';
import { uploadCatalog } from '../../tools/harness/http/import-requests';
import { collectOutcome, invariantViolations, outcomeDifferences, referenceOutcomes, summary, type ImportOutcome } from './support/outcome';
import type { ServiceProcess } from '../../tools/harness/service-process';
import { startApi, startWorker, type ApiProcess } from './support/processes';
import { cleanUp, note, waitForCursor } from './support/scenario';
import { bullJobExists, flushFaultsRedisDb } from './support/services';

const SCENARIO = 'redis-flush';

describe('Redis queue database flushed after the 202 and again mid-import (no accepted upload is lost)', () => {
  const db = new FaultsDb();
  // The large file: a 20,000-element import now ends in about a second, before the fault could land mid-import.
  const files = [largeFile(), followUpFile()];
  let api: ApiProcess;
  let worker: ServiceProcess;
  let reference: ImportOutcome[];

  beforeAll(async () => {
    [api, worker] = await Promise.all([startApi({ name: 'faults-flush-api' }), startWorker({ name: 'faults-flush-worker' })]);
    reference = await referenceOutcomes(
      db,
      api.port,
      files.map((f) => f.content),
    );
  });

  afterAll(() => cleanUp(db));

  it('still ends done for both uploads (the running one and the one waiting behind it), with the reference results', async () => {
    const caller = await createCaller(SCENARIO);
    // Two uploads of one organization: the first runs at once, the second waits for it in the queue.
    const first = await uploadCatalog(api.port, caller, files[0].content);
    const second = await uploadCatalog(api.port, caller, files[1].content);
    await flushFaultsRedisDb();
    const flushedAt = Date.now();
    const states = await Promise.all(
      [first, second].map(async (id) => `${(await db.job(id)).status}, Bull job ${(await bullJobExists(id)) ? 'present' : 'gone'}`),
    );
    note(SCENARIO, `FLUSHDB right after the two 202s: first ${states[0]}; second ${states[1]}`);

    const mid = await waitForCursor(db, first, 0.4);
    await flushFaultsRedisDb();
    note(SCENARIO, `FLUSHDB mid-import at cursor ${mid.cursor}/${mid.total} (${Date.now() - flushedAt} ms after the first flush)`);

    const outcomes: ImportOutcome[] = [];
    for (const id of [first, second]) outcomes.push(await collectOutcome(db, await db.waitForFinished(id, 90_000)));
    note(SCENARIO, `first ${summary(outcomes[0])}; second ${summary(outcomes[1])}; ${Date.now() - flushedAt} ms after the first flush`);

    for (const outcome of outcomes) expect(invariantViolations(outcome)).toEqual([]);
    expect(outcomeDifferences(reference[0], outcomes[0], { catalog: false })).toEqual([]);
    expect(outcomeDifferences(reference[1], outcomes[1])).toEqual([]); // includes the final catalog: both applied, in upload order
    expect(worker.running).toBe(true);
  });
});
