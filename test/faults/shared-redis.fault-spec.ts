import { readFileSync } from 'node:fs';
import { bigCatalog, smallFile, type GeneratedFile } from './support/catalog';
import { createCaller, type Caller } from './support/cli';
import { FaultsDb, type JobRow } from './support/db';
import { PG_HOST_URL, SHARED_EXPLICIT_PREFIX, SHARED_REDIS_DATABASES } from './support/env';
import type { ServiceEnv } from '../../tools/harness/service-env';
import { sleep } from '../../tools/harness/repo';
import { httpRequest } from '../../tools/harness/http/request';
import { uploadCatalog } from '../../tools/harness/http/import-requests';
import { collectOutcome, invariantViolations, outcomeDifferences, summary, type ImportOutcome } from './support/outcome';
import { freePort } from '../../tools/harness/ports';
import type { ServiceProcess } from '../../tools/harness/service-process';
import { killAll, startApi, startWorker, type ApiProcess } from './support/processes';
import { cleanUp, note } from './support/scenario';
import { bullAttemptsMade, bullJobExists } from './support/services';

const SCENARIO = 'shared-redis';
// The reconciler then runs only at worker start: a job that reaches its owner did so through the queue.
const NO_RECONCILE_MS = '600000';
const FINISH_TIMEOUT_MS = 90_000;

interface QueueReport {
  prefix: string;
  prefix_source: string;
  deployment_id: string;
}

/** One deployment: its own database, the suite's Redis database, an API and (optionally at first) a worker. */
class Stack {
  readonly db: FaultsDb;
  readonly env: ServiceEnv;
  api!: ApiProcess;
  worker?: ServiceProcess;
  metricsPort = 0;
  /** The API's METRICS_PORT: the full readiness report (queue namespace) is served there only. */
  apiMetricsPort = 0;

  constructor(
    readonly label: 'a' | 'b',
    databaseName: string,
    queuePrefix: string | undefined,
  ) {
    const databaseUrl = `${PG_HOST_URL}/${databaseName}`;
    this.db = new FaultsDb(databaseUrl);
    // QUEUE_PREFIX undefined = unset: the service's default, bound to its database.
    this.env = { DATABASE_URL: databaseUrl, QUEUE_PREFIX: queuePrefix, RECONCILE_INTERVAL_MS: NO_RECONCILE_MS };
  }

  async startApi(): Promise<void> {
    this.apiMetricsPort = await freePort();
    this.api = await startApi({ name: `faults-shared-api-${this.label}`, env: { ...this.env, METRICS_PORT: String(this.apiMetricsPort) } });
  }

  async startWorker(): Promise<void> {
    this.metricsPort = await freePort();
    this.worker = await startWorker({
      name: `faults-shared-worker-${this.label}`,
      env: { ...this.env, METRICS_PORT: String(this.metricsPort) },
    });
  }

  async deploymentId(): Promise<string> {
    const rows = await this.db.query<{ deployment_id: string }>('SELECT deployment_id FROM service_identity');
    expect(rows).toHaveLength(1);
    return rows[0].deployment_id;
  }

  async queueReport(): Promise<QueueReport> {
    const ready = await httpRequest({ port: this.apiMetricsPort, method: 'GET', path: '/health/ready', timeoutMs: 5_000 });
    expect(ready.status).toBe(200);
    return (ready.json as { queue: QueueReport }).queue;
  }

  /** import_foreign_jobs_total of this stack's worker, from its Prometheus endpoint. */
  async foreignJobs(): Promise<number> {
    const answer = await httpRequest({ port: this.metricsPort, method: 'GET', path: '/metrics', timeoutMs: 5_000 });
    const match = /^import_foreign_jobs_total (\d+)$/m.exec(answer.text);
    if (!match) throw new Error(`worker ${this.label} /metrics has no import_foreign_jobs_total:\n${answer.text.slice(0, 300)}`);
    return Number(match[1]);
  }

  /** Import job ids this stack's worker logged as done or failed. */
  finishedInLog(): string[] {
    const log = readFileSync(this.worker!.logFile, 'utf8');
    return [...log.matchAll(/Import job ([0-9a-f-]{36}) (?:done|failed)/g)].map((m) => m[1]);
  }

  foreignWarningsInLog(): string[] {
    return readFileSync(this.worker!.logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('Foreign job'));
  }

  async hasJobRow(jobId: string): Promise<boolean> {
    return (await this.db.query('SELECT 1 FROM import_jobs WHERE id = $1', [jobId])).length > 0;
  }
}

interface Upload {
  stack: Stack;
  caller: Caller;
  file: 'small' | 'second';
  jobId: string;
}

async function waitForMetric(stack: Stack, atLeast: number, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await stack.foreignJobs();
    if (value >= atLeast) return value;
    if (Date.now() > deadline) throw stack.worker!.failure(`import_foreign_jobs_total still ${value} < ${atLeast} after ${timeoutMs} ms`);
    await sleep(100);
  }
}

describe('Two deployments sharing one Redis', () => {
  const small = smallFile();
  const second: GeneratedFile = bigCatalog(800, 14_014, 'Second');
  let stacks: Stack[] = [];

  afterEach(() => killAll());
  afterAll(async () => {
    await cleanUp();
    await Promise.all(stacks.map((s) => s.db.close()));
  });

  it('with the default QUEUE_PREFIX each worker takes only its own jobs, and every upload finishes without a reconcile pass', async () => {
    stacks = [new Stack('a', SHARED_REDIS_DATABASES[0], undefined), new Stack('b', SHARED_REDIS_DATABASES[1], undefined)];
    // The API creates and migrates the database (and its deployment id) before the worker starts.
    await Promise.all(stacks.map(async (s) => (await s.startApi(), await s.startWorker())));

    const reports = await Promise.all(stacks.map((s) => s.queueReport()));
    for (const [i, stack] of stacks.entries()) {
      const id = await stack.deploymentId();
      expect(reports[i]).toEqual({ prefix: `pds:${id}`, prefix_source: 'deployment', deployment_id: id });
    }
    expect(reports[0].prefix).not.toBe(reports[1].prefix);
    note(SCENARIO, `default prefixes: a=${reports[0].prefix} b=${reports[1].prefix}`);

    const callers = await Promise.all(
      stacks.map(
        async (stack) =>
          [stack, [await createCaller(`${stack.label}1`, stack.env), await createCaller(`${stack.label}2`, stack.env)]] as const,
      ),
    );
    const sentAt = Date.now();
    const uploads: Upload[] = await Promise.all(
      callers.flatMap(([stack, pair]) =>
        pair.map(async (caller) => {
          // Two uploads per organization, in order (its imports apply in upload order).
          const first = await uploadCatalog(stack.api.port, caller, small.content);
          const next = await uploadCatalog(stack.api.port, caller, second.content);
          return [
            { stack, caller, file: 'small' as const, jobId: first },
            { stack, caller, file: 'second' as const, jobId: next },
          ];
        }),
      ),
    ).then((pairs) => pairs.flat());

    const finished: JobRow[] = await Promise.all(uploads.map((u) => u.stack.db.waitForFinished(u.jobId, FINISH_TIMEOUT_MS)));
    note(SCENARIO, `${uploads.length} uploads to two deployments all finished ${Date.now() - sentAt} ms after the first was sent`);

    // Same files, same order, fresh organizations: identical results in both deployments.
    const outcomes: ImportOutcome[] = await Promise.all(finished.map((row, i) => collectOutcome(uploads[i].stack.db, row)));
    for (const outcome of outcomes) expect(invariantViolations(outcome)).toEqual([]);
    for (const file of ['small', 'second'] as const) {
      const same = outcomes.filter((_, i) => uploads[i].file === file);
      note(SCENARIO, `${file}: ${summary(same[0])}`);
      for (const outcome of same.slice(1)) expect(outcomeDifferences(same[0], outcome)).toEqual([]);
    }

    for (const upload of uploads) {
      const other = stacks.find((s) => s !== upload.stack)!;
      const [own, foreign] = await Promise.all([upload.stack.queueReport(), other.queueReport()]);
      expect(await other.hasJobRow(upload.jobId)).toBe(false);
      expect(await other.db.catalog(upload.caller.organizationId, upload.jobId)).toEqual([]);
      expect(await bullJobExists(upload.jobId, own.prefix)).toBe(true);
      expect(await bullJobExists(upload.jobId, foreign.prefix)).toBe(false);
    }
    for (const stack of stacks) {
      const own = uploads.filter((u) => u.stack === stack).map((u) => u.jobId);
      expect(stack.finishedInLog().sort()).toEqual([...own].sort());
      expect(stack.foreignWarningsInLog()).toEqual([]);
      expect(await stack.foreignJobs()).toBe(0);
    }
  });

  it("with one QUEUE_PREFIX set for both, a worker hands the other deployment's job back (warning, metric, no attempt used) and its owner finishes it", async () => {
    await Promise.all(stacks.map((s) => s.db.close()));
    stacks = [
      new Stack('a', SHARED_REDIS_DATABASES[0], SHARED_EXPLICIT_PREFIX),
      new Stack('b', SHARED_REDIS_DATABASES[1], SHARED_EXPLICIT_PREFIX),
    ];
    const [a, b] = stacks;
    // Only a's worker runs at first: b's upload can only reach a's worker.
    await Promise.all([a.startApi().then(() => a.startWorker()), b.startApi()]);
    const [reportA, reportB] = await Promise.all([a.queueReport(), b.queueReport()]);
    expect(reportA).toMatchObject({ prefix: SHARED_EXPLICIT_PREFIX, prefix_source: 'QUEUE_PREFIX', deployment_id: await a.deploymentId() });
    expect(reportB).toMatchObject({ prefix: SHARED_EXPLICIT_PREFIX, prefix_source: 'QUEUE_PREFIX', deployment_id: await b.deploymentId() });
    expect(reportA.deployment_id).not.toBe(reportB.deployment_id);

    const [callerA, callerB] = await Promise.all([createCaller('shared a', a.env), createCaller('shared b', b.env)]);
    const jobB = await uploadCatalog(b.api.port, callerB, small.content);
    const warning = await a.worker!.waitForLine(new RegExp(`Foreign job: import job ${jobB}`), 30_000);
    const logged = JSON.parse(warning) as { level: number; msg: string };
    expect(logged.level).toBe(40); // pino's warn
    expect(logged.msg).toContain(`in queue prefix "${SHARED_EXPLICIT_PREFIX}"`);
    // Offered to a's worker at least twice: each delivery counted, none completed it or used an attempt.
    await waitForMetric(a, 2, 30_000);
    expect(await bullAttemptsMade(jobB, SHARED_EXPLICIT_PREFIX)).toBe(0);
    expect((await b.db.job(jobB)).status).toBe('pending');
    note(SCENARIO, `a's worker bounced b's job ${await a.foreignJobs()} time(s); warning: ${warning.slice(0, 240)}`);

    // The owner's worker starts; its reconciler runs once now and then not for 10 minutes.
    const ownerStartedAt = Date.now();
    await b.startWorker();
    const jobA = await uploadCatalog(a.api.port, callerA, small.content);
    const [rowB, rowA] = await Promise.all([b.db.waitForFinished(jobB, FINISH_TIMEOUT_MS), a.db.waitForFinished(jobA, FINISH_TIMEOUT_MS)]);
    note(
      SCENARIO,
      `b's job finished ${Date.now() - ownerStartedAt} ms after its worker started; foreign deliveries a=${await a.foreignJobs()} b=${await b.foreignJobs()}`,
    );

    const [outcomeB, outcomeA] = await Promise.all([collectOutcome(b.db, rowB), collectOutcome(a.db, rowA)]);
    expect(invariantViolations(outcomeB)).toEqual([]);
    expect(outcomeDifferences(outcomeB, outcomeA)).toEqual([]);
    expect(b.finishedInLog()).toEqual([jobB]);
    expect(a.finishedInLog()).toEqual([jobA]);
    expect(await a.hasJobRow(jobB)).toBe(false);
    expect(await a.db.catalog(callerB.organizationId, jobB)).toEqual([]);
    expect(await a.foreignJobs()).toBeGreaterThanOrEqual(2);
    expect(a.foreignWarningsInLog().length).toBe(await a.foreignJobs());
  });
});
