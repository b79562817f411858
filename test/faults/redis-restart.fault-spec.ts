import { followUpFile, largeFile, smallFile } from './support/catalog';
import { createCaller } from './support/cli';
import { FaultsDb } from './support/db';
import { sleep } from '../../tools/harness/repo';
import { freePort } from '../../tools/harness/ports';
import { getImportStatus, postUpload, uploadCatalog } from '../../tools/harness/http/import-requests';
import { attempt, describeAnswer, httpRequest, isFailure, type HttpResult, type RequestFailure } from '../../tools/harness/http/request';
import {
  collectOutcome,
  invariantViolations,
  outcomeDifferences,
  referenceOutcome,
  referenceOutcomes,
  summary,
  type ImportOutcome,
} from './support/outcome';
import type { ServiceProcess } from '../../tools/harness/service-process';
import { startApi, startWorker, type ApiProcess } from './support/processes';
import { cleanUp, note, waitForCursor } from './support/scenario';
import { redisShutdown, redisStart } from './support/services';

const SCENARIO = 'redis-restart';
/** Longer than the upload's enqueue bound, so the upload must answer while Redis is still down. */
const DOWNTIME_MS = 6_000;
/** While Redis is down an upload still answers 202 within 3 s (the enqueue bound). */
const ENQUEUE_BOUND_MS = 3_000;
/** The rest of the upload (auth, store, commit) on a loaded machine. */
const UPLOAD_SLACK_MS = 2_000;
/** A Prometheus scrape must not wait for Redis: the health check gives Redis 1.5 s, so does this probe. */
const METRICS_PROBE_TIMEOUT_MS = 1_500;

describe('Redis restarted mid-import (clients reconnect, work resumes)', () => {
  const db = new FaultsDb();
  // The large file: a 20,000-element import now ends in about a second, before the fault could land mid-import.
  const files = [largeFile(), followUpFile()];
  let api: ApiProcess;
  let worker: ServiceProcess;
  let reference: ImportOutcome[];
  let smallReference: ImportOutcome;
  /** GET /metrics of the API, sent as Redis went down (checked by the second test): the answer and when it came. */
  let metricsProbe: Promise<{ answer: HttpResult | RequestFailure; at: number }> | undefined;
  let redisBackAt = 0;
  /** The API's METRICS_PORT (/metrics is not on the public port). */
  let apiMetricsPort = 0;

  beforeAll(async () => {
    apiMetricsPort = await freePort();
    [api, worker] = await Promise.all([
      startApi({ name: 'faults-redis-api', env: { METRICS_PORT: String(apiMetricsPort) } }),
      startWorker({ name: 'faults-redis-worker' }),
    ]);
    reference = await referenceOutcomes(
      db,
      api.port,
      files.map((f) => f.content),
    );
    smallReference = await referenceOutcome(db, api.port, smallFile().content);
  });

  afterAll(() => cleanUp(db));

  it('ends done for the running and the queued upload with the reference results; the API neither hangs nor answers 500 meanwhile', async () => {
    const caller = await createCaller(SCENARIO);
    const otherCaller = await createCaller(`${SCENARIO} upload while down`); // before the import starts: a CLI run takes a second
    const first = await uploadCatalog(api.port, caller, files[0].content);
    // Queued behind the running import when Redis goes down: its Bull job is lost with Redis's data.
    const second = await uploadCatalog(api.port, caller, files[1].content);
    const mid = await waitForCursor(db, first, 0.3);

    let status: HttpResult | RequestFailure | undefined;
    let ready: HttpResult | RequestFailure | undefined;
    let uploadWhileDown: Promise<HttpResult | RequestFailure> | undefined;
    let uploadAnsweredAt = Number.POSITIVE_INFINITY;
    let restartAt = 0;
    await redisShutdown(); // SHUTDOWN NOSAVE: the queue's data is gone, as after a crash without persistence
    const downAt = Date.now();
    try {
      // Not cut off at the probe timeout: how long it really takes is part of the finding.
      metricsProbe = attempt(httpRequest({ port: apiMetricsPort, method: 'GET', path: '/metrics', timeoutMs: 15_000 })).then((answer) => ({
        answer,
        at: Date.now(),
      }));
      // An upload needs PostgreSQL only; its enqueue is best effort: it must not be lost.
      uploadWhileDown = attempt(postUpload(api.port, otherCaller, smallFile().content, 'catalog.json', 15_000)).then((answer) => {
        uploadAnsweredAt = Date.now();
        return answer;
      });
      // A job's status lives in PostgreSQL: it must still be answered; readiness must say Redis is down.
      status = await attempt(getImportStatus(api.port, caller, first, 4_000));
      ready = await attempt(httpRequest({ port: api.port, method: 'GET', path: '/health/ready', timeoutMs: 4_000 }));
      await sleep(Math.max(0, DOWNTIME_MS - (Date.now() - downAt)));
    } finally {
      restartAt = Date.now();
      await redisStart();
    }
    const upAt = (redisBackAt = Date.now());
    note(
      SCENARIO,
      `Redis down ${upAt - downAt} ms at cursor ${mid.cursor}/${mid.total}; while down: GET status ${describeAnswer(status!)}; GET /health/ready ${describeAnswer(ready!)}`,
    );

    const uploaded = await uploadWhileDown!;
    note(SCENARIO, `upload sent while Redis was down: ${describeAnswer(uploaded)}`);
    const third = isFailure(uploaded) ? undefined : (uploaded.json as { job_id?: string }).job_id;
    const outcomes: ImportOutcome[] = [];
    for (const id of [first, second, third]) if (id) outcomes.push(await collectOutcome(db, await db.waitForFinished(id, 90_000)));
    note(
      SCENARIO,
      `first ${summary(outcomes[0])}; second ${summary(outcomes[1])}; uploaded while down ${outcomes[2] ? summary(outcomes[2]) : '-'}; ${Date.now() - upAt} ms after Redis was back; worker running: ${worker.running}, API running: ${api.running}`,
    );

    expect(isFailure(status!) ? describeAnswer(status!) : (status as HttpResult).status).toBe(200);
    expect(isFailure(ready!) ? describeAnswer(ready!) : (ready as HttpResult).json).toEqual({
      error: { type: 'unavailable', message: expect.any(String) },
    });
    expect(isFailure(uploaded) ? describeAnswer(uploaded) : uploaded.status).toBe(202);
    // The enqueue gave up on its own bound: the 202 came while Redis was still down, not once it was back.
    expect(uploadAnsweredAt).toBeLessThan(restartAt);
    expect((uploaded as HttpResult).elapsedMs).toBeLessThan(ENQUEUE_BOUND_MS + UPLOAD_SLACK_MS);
    expect(outcomes).toHaveLength(3);
    for (const outcome of outcomes) expect(invariantViolations(outcome)).toEqual([]);
    expect(outcomeDifferences(smallReference, outcomes[2])).toEqual([]);
    expect(outcomeDifferences(reference[0], outcomes[0], { catalog: false })).toEqual([]);
    expect(outcomeDifferences(reference[1], outcomes[1])).toEqual([]);
    expect(worker.running && api.running).toBe(true);
  });

  it(`answered GET /metrics within ${METRICS_PROBE_TIMEOUT_MS} ms while Redis was down (no scrape hangs on the queue's Redis client)`, async () => {
    expect(metricsProbe).toBeDefined();
    const { answer, at } = await metricsProbe!;
    note(
      SCENARIO,
      `GET /metrics sent as Redis went down: ${isFailure(answer) ? describeAnswer(answer) : `${answer.status} after ${answer.elapsedMs} ms`}` +
        ` (${at - redisBackAt} ms after redis-server answered PING again)`,
    );
    expect(isFailure(answer) ? describeAnswer(answer) : answer.status).toBe(200);
    expect((answer as HttpResult).elapsedMs).toBeLessThan(METRICS_PROBE_TIMEOUT_MS);
  });
});
