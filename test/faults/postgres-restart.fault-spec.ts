import { largeFile, smallFile } from './support/catalog';
import { createCaller } from './support/cli';
import { FaultsDb } from './support/db';
import { sleep } from '../../tools/harness/repo';
import { getImportStatus, postUpload, StatusPoller, tally, uploadCatalog } from '../../tools/harness/http/import-requests';
import { attempt, describeAnswer, isFailure, type HttpResult, type RequestFailure } from '../../tools/harness/http/request';
import { collectOutcome, invariantViolations, outcomeDifferences, referenceOutcome, summary, type ImportOutcome } from './support/outcome';
import type { ServiceProcess } from '../../tools/harness/service-process';
import { startApi, startWorker, type ApiProcess } from './support/processes';
import { cleanUp, note, waitForCursor } from './support/scenario';
import { bullAttemptsMade, postgres, waitForPostgres } from './support/services';

const SCENARIO = 'postgres-restart';
const REQUEST_TIMEOUT_MS = 4_000;
const RESTART_BATCH_SIZE = 50;

describe('PostgreSQL restarted mid-import (503 meanwhile, then recovery without help)', () => {
  const db = new FaultsDb();
  const file = largeFile();
  let api: ApiProcess;
  let worker: ServiceProcess;
  let reference: ImportOutcome;

  beforeAll(async () => {
    // Batches of 50 (not the suite's 200): the import must outlast two outages and the start-up
    // waits after them; with 200, a 2-core VM whose worker is fast finished it before the restart.
    [api, worker] = await Promise.all([
      startApi({ name: 'faults-pg-api' }),
      startWorker({ name: 'faults-pg-worker', env: { IMPORT_BATCH_SIZE: String(RESTART_BATCH_SIZE) } }),
    ]);
    reference = await referenceOutcome(db, api.port, file.content);
  });

  afterAll(() => cleanUp(db));

  it('ends done with the reference results; while PostgreSQL is down the API answers 503 unavailable, then recovers', async () => {
    const caller = await createCaller(SCENARIO);
    const jobId = await uploadCatalog(api.port, caller, file.content);

    // 1. Stop while batches are being written, probe the API while PostgreSQL is down, start again.
    const atStop = await waitForCursor(db, jobId, 0.1);
    let whileDown: HttpResult | RequestFailure | undefined;
    let again: HttpResult | RequestFailure | undefined;
    let upload: HttpResult | RequestFailure | undefined;
    // Every request of the whole outage, from just before the stop until PostgreSQL accepts connections again.
    const outagePoller = new StatusPoller(api.port, caller, jobId, REQUEST_TIMEOUT_MS);
    await sleep(100);
    await postgres('stop');
    const downAt = Date.now();
    try {
      whileDown = await attempt(getImportStatus(api.port, caller, jobId, REQUEST_TIMEOUT_MS));
      await sleep(500);
      again = await attempt(getImportStatus(api.port, caller, jobId, REQUEST_TIMEOUT_MS));
      upload = await attempt(postUpload(api.port, caller, smallFile().content, 'catalog.json', REQUEST_TIMEOUT_MS));
    } finally {
      await postgres('start');
    }
    await waitForPostgres();
    const upAt = Date.now();
    const duringOutage = await outagePoller.stop();
    note(SCENARIO, `status answers around the stop/start (${duringOutage.length} requests): ${tally(duringOutage)}`);
    note(
      SCENARIO,
      `PostgreSQL stopped at cursor ${atStop.cursor}/${atStop.total} for ${upAt - downAt} ms; GET status while down: ${describeAnswer(whileDown!)}; then ${describeAnswer(again!)}; upload: ${describeAnswer(upload!)}`,
    );

    // 2. The API recovers by itself: poll until 200.
    let recovered: HttpResult | undefined;
    const polls: string[] = [];
    while (Date.now() - upAt < 30_000) {
      const answer = await attempt(getImportStatus(api.port, caller, jobId, REQUEST_TIMEOUT_MS));
      if (!isFailure(answer) && answer.status === 200) {
        recovered = answer;
        break;
      }
      polls.push(describeAnswer(answer));
      await sleep(250);
    }
    note(
      SCENARIO,
      `API answered 200 again ${Date.now() - upAt} ms after PostgreSQL was back (${polls.length} non-200 answers before: ${polls.slice(0, 3).join(' | ')})`,
    );

    // 3. Once the import moves again: pg_ctlcluster restart (its outage comes first, at this cursor).
    const moving = await db.waitForJob(jobId, (j) => j.status !== 'processing' || j.cursor > atStop.cursor, 'moving again', 60_000, 10);
    note(SCENARIO, `import moving again ${Date.now() - upAt} ms after PostgreSQL was back (cursor ${moving.cursor})`);
    expect(moving.status).toBe('processing'); // (scenario check) the restart must fall mid-import too
    let started = Date.now();
    const restartPoller = new StatusPoller(api.port, caller, jobId, REQUEST_TIMEOUT_MS);
    await postgres('restart');
    await waitForPostgres();
    const duringRestart = await restartPoller.stop();
    note(
      SCENARIO,
      `pg_ctlcluster restart at cursor ${moving.cursor}/${moving.total} took ${Date.now() - started} ms; status answers meanwhile: ${tally(duringRestart)}`,
    );

    started = Date.now();
    const finished = await db.waitForFinished(jobId, 120_000);
    const outcome = await collectOutcome(db, finished);
    note(
      SCENARIO,
      `${summary(outcome)} (${Date.now() - started} ms after the restart); deliveries that claimed it: ${outcome.attempts}; Bull attemptsMade: ${await bullAttemptsMade(jobId)}; worker running: ${worker.running}`,
    );

    // Nothing was half-created by the refused upload: the organization has only the one job.
    expect((await db.jobsOfOrganization(caller.organizationId)).map((j) => j.id)).toEqual([jobId]);
    for (const answer of [whileDown!, again!, upload!]) {
      expect(isFailure(answer) ? describeAnswer(answer) : 'answered').toBe('answered'); // not a hang or a dropped connection
      const { status, json, headers } = answer as HttpResult;
      expect({ status, type: (json as { error?: { type?: unknown } })?.error?.type }).toEqual({ status: 503, type: 'unavailable' });
      expect(json).toEqual({ error: { type: 'unavailable', message: expect.any(String) } });
      expect(headers['content-type']).toMatch(/^application\/json/);
    }
    // Every answer during both outages: 200 or 503 unavailable; never 500, a dropped connection or a hang.
    expect([...duringOutage, ...duringRestart].filter((a) => a !== '200' && a !== '503 unavailable')).toEqual([]);
    expect(duringOutage).toContain('503 unavailable');
    expect(recovered?.status).toBe(200);
    expect(invariantViolations(outcome)).toEqual([]);
    expect(outcomeDifferences(reference, outcome)).toEqual([]);
    expect(worker.running && api.running).toBe(true);
  });
});
