/**
 * The soak test (`npm run test:soak -- --minutes N`, see test/soak/README.md): two API processes and
 * two standalone workers of the built service on a private PostgreSQL cluster and Redis server,
 * 20 organizations' clients and some readers through the real API, faults on a schedule, then the
 * end state checked against a model. Its last line is `soak: N passed, N failed`; exit 1 on failure.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/common/config/load-config';
import { isFailure } from '../../tools/harness/http/request';
import { freePort } from '../../tools/harness/ports';
import { DIST_DIR, REPO_ROOT, sleep } from '../../tools/harness/repo';
import { random } from '../faults/support/catalog';
import { ensureFreshBuild } from '../support/fresh-build';
import { WebhookReceiver } from '../support/webhook-receiver';
import { check, leftoverCheck, modelChecks, webhookCheck, type CheckResult, type TenantHooks } from './support/checks';
import { FAULT_KINDS, faultSchedule, runFaults } from './support/faults';
import { figuresTables, intervalFigures, table, type IntervalFigures } from './support/figures';
import type { ActualJob } from './support/model';
import { Monitor } from './support/monitor';
import { parseOptions, type SoakOptions } from './support/options';
import { PrivatePostgres, PrivateRedis } from './support/private-services';
import { readLoop, toolErrorProblems, type ToolError } from './support/readers';
import { stabilityChecks } from './support/stability';
import { SoakDb } from './support/soak-db';
import { SoakHttp } from './support/soak-http';
import { SOAK_DATABASE, SoakStack } from './support/stack';
import { Tenant } from './support/tenant';
import { TenantCatalog } from './support/tenant-catalog';
import { TrafficLog } from './support/traffic-log';

const LOGS_ROOT = join(tmpdir(), 'pds-soak');
/** One directory per run (by pid), so a second run at the same time cannot delete this one's logs. */
const LOG_DIR = join(LOGS_ROOT, `logs-${process.pid}`);
const FIGURES_EVERY_MS = 5 * 60_000;
const SAMPLE_EVERY_MS = 5_000;
/** Between a client's episodes; with 20 clients about one upload a second in all. */
const THINK_MS: [number, number] = [8_000, 20_000];
const START_SPREAD_MS = 30_000;
const READERS = 3;
const READ_PAUSE_MS = 150;
const DRAIN_TIMEOUT_MS = 6 * 60_000;

function say(line: string): void {
  process.stdout.write(`[soak] ${line}\n`);
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const started = Date.now();
  ensureFreshBuild((line) => say(line));
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT }).toString().trim();
  removeFinishedRunsLogs();
  mkdirSync(LOG_DIR, { recursive: true });
  const root = mkdtempSync(join(tmpdir(), 'pds-soak-'));
  chmodSync(root, 0o755); // the postgres OS user owns a directory inside it
  // A private copy of dist/: a concurrent `npm run build` cannot break restarts mid-run.
  cpSync(DIST_DIR, join(root, 'dist'), { recursive: true });
  say(`${options.minutes} min, ${options.tenants} organizations, seed ${options.seed}, commit ${commit}; logs in ${LOG_DIR}`);

  const teardown: Array<() => Promise<unknown>> = [];
  const tearDown = async () => {
    for (const step of teardown.splice(0).reverse()) await step().catch((error: Error) => say(`teardown: ${error.message}`));
    if (!options.keep) rmSync(root, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    say(`${signal}: stopping everything`);
    void tearDown().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const ports = await distinctFreePorts(4);
    const postgres = await PrivatePostgres.create(root, ports[0]);
    teardown.push(() => postgres.stop('immediate'));
    const redis = new PrivateRedis(ports[1], join(LOG_DIR, 'redis.log'));
    await redis.start();
    teardown.push(() => redis.stop());
    const stack = new SoakStack({
      dist: join(root, 'dist'),
      logDir: LOG_DIR,
      databaseUrl: postgres.url,
      redisUrl: redis.url,
      apiPorts: ports.slice(2),
      workers: 2,
    });
    teardown.push(() => stack.stop());
    await stack.start();
    say(
      `PostgreSQL :${ports[0]}, Redis :${ports[1]}, APIs :${ports[2]} :${ports[3]}, 2 workers up after ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    return await soak(options, { commit, postgres, redis, stack, started });
  } finally {
    await tearDown();
  }
}

interface Backing {
  commit: string;
  postgres: PrivatePostgres;
  redis: PrivateRedis;
  stack: SoakStack;
  started: number;
}

async function soak(options: SoakOptions, { commit, postgres, redis, stack, started }: Backing): Promise<number> {
  const durationMs = options.minutes * 60_000;
  let t0 = Date.now();
  const clock = () => Date.now() - t0;
  const log = new TrafficLog();
  const http = new SoakHttp(stack.apiPorts, log, clock);
  const db = new SoakDb(`${postgres.url}/${SOAK_DATABASE}`);
  const rand = random(options.seed);

  // Organizations (the operator CLI), each with a webhook receiver and subscription.
  const callers = await stack.createTenants(options.tenants, 'soak tenant');
  const tenants = callers.map(
    (caller, i) =>
      new Tenant(i, caller, new TenantCatalog(i, options.seed + 7_919 * (i + 1), 500 + Math.floor(rand() * 2_501)), http, db, clock),
  );
  const hooks: TenantHooks[] = [];
  for (const tenant of tenants) hooks.push(await subscribe(tenant, http));
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  say(
    `${elapsed()}: ${tenants.length} organizations (${tenants.reduce((n, t) => n + t.catalog.size, 0)} products in their catalogs), webhooks subscribed; traffic for ${options.minutes} min`,
  );

  t0 = Date.now();
  const stopping = () => clock() >= durationMs;
  const monitor = new Monitor(stack, postgres, redis, db, SOAK_DATABASE, clock);
  monitor.start(SAMPLE_EVERY_MS);
  const clientProblems: string[] = [];
  const toolErrors: ToolError[] = [];
  const schedule = faultSchedule(durationMs);
  const faults = runFaults(schedule, { stack, postgres, redis, tenants, http, log, clock, note: say }, stopping);
  const readers = Array.from({ length: READERS }, (_, i) =>
    readLoop(tenants, http, random(options.seed + i), stopping, READ_PAUSE_MS, toolErrors),
  );
  // Each client starts within the first START_SPREAD_MS: 20 first uploads at once would only test the upload cap.
  const clients = tenants.map((tenant) =>
    sleep(rand() * Math.min(START_SPREAD_MS, durationMs / 6)).then(() => tenant.run(stopping, THINK_MS)),
  );
  const intervals: IntervalFigures[] = [];
  const ticker = setInterval(() => {
    const to = Math.floor(clock() / FIGURES_EVERY_MS) * FIGURES_EVERY_MS;
    if (to > 0 && to <= durationMs && !intervals.some((r) => r.to === to)) {
      const row = intervalFigures(log, monitor.samples, to - FIGURES_EVERY_MS, to);
      intervals.push(row);
      say(
        `${to / 60_000} min: ${row.requestsPerSecond} req/s, status p99 ${row.latency.status?.p99 ?? '–'} ms, RSS MiB ${JSON.stringify(row.rssMiB)}, DB ${row.dbMiB} MiB, pending jobs ${row.pendingJobs}, search backlog ${row.searchBacklog}, load ${row.loadAverage}`,
      );
    }
  }, 1_000);

  await Promise.all(readers);
  const drained = await Promise.race([Promise.all(clients).then(() => true), sleep(DRAIN_TIMEOUT_MS).then(() => false)]);
  if (!drained) clientProblems.push(`clients still busy ${DRAIN_TIMEOUT_MS / 60_000} min after the traffic stopped`);
  const faultProblems = await faults;
  clearInterval(ticker);
  const trafficEnd = clock();
  say(`${elapsed()}: traffic stopped ${(trafficEnd / 1000).toFixed(0)} s after it started; ${log.exchanges.length} requests; checking`);

  // The end state: every job's report, webhooks delivered, nothing left behind.
  const reports = await finalReports(tenants, http, clientProblems);
  await waitFor(
    () =>
      tenants.every((t, i) =>
        t.operations.every((op) => op.kind !== 'upload' || hooks[i].receiver.received.some((r) => r.body.includes(op.jobId))),
      ),
    90_000,
  );
  await waitFor(async () => Object.values(await db.leftovers()).every((n) => n === 0), 60_000);
  await monitor.sample().catch(() => undefined);
  await monitor.stop();
  const catalogs = new Map<string, Map<string, string>>();
  const dbJobs = new Map<string, string[]>();
  for (const tenant of tenants) {
    catalogs.set(tenant.caller.organizationId, await db.catalog(tenant.caller.organizationId));
    dbJobs.set(tenant.caller.organizationId, await db.jobIds(tenant.caller.organizationId));
  }

  const ratio = loadConfig({}).catalog.replaceMaxDeleteRatio;
  const model = modelChecks(tenants, reports, catalogs, dbJobs, ratio);
  const faultCounts = Object.fromEntries(FAULT_KINDS.map((k) => [k, log.windows.filter((w) => w.kind === k).length]));
  const required = Math.max(1, Math.floor((2 * options.minutes) / 60));
  const checks: CheckResult[] = [
    model.jobs,
    model.catalogs,
    model.unacknowledged,
    webhookCheck(tenants, hooks, reports, log, t0),
    check(
      'no 5xx but 503 unavailable with Retry-After inside a fault window; no unexpected answer',
      log.violations(),
      `${log.exchanges.length} requests`,
    ),
    check('clients: every upload acknowledged, every job ended in time, no read refused', [
      ...tenants.flatMap((t) => t.problems.map((p) => `tenant ${t.index}: ${p}`)),
      ...clientProblems,
      ...toolErrorProblems(toolErrors, log),
    ]),
    check(
      `faults carried out and healed, each kind at least ${required}×`,
      [...faultProblems, ...FAULT_KINDS.filter((k) => faultCounts[k] < required).map((k) => `${k} ran ${faultCounts[k]}×`)],
      JSON.stringify(faultCounts),
    ),
    check('no service process died unless the soak killed it', stack.unexpectedExits()),
    await leftoverCheck(db),
    ...stabilityChecks({
      minutes: options.minutes,
      log,
      samples: monitor.samples,
      tenants,
      connectionBound: stack.connectionBound() + 3,
      trafficEnd,
    }),
  ];
  await db.close();

  if (intervals.length === 0 || intervals[intervals.length - 1].to < trafficEnd - 30_000) {
    intervals.push(intervalFigures(log, monitor.samples, intervals.length ? intervals[intervals.length - 1].to : 0, trafficEnd));
  }
  const whole = intervalFigures(log, monitor.samples, 0, trafficEnd);
  const latencyRows = Object.entries(whole.latency).map(([family, v]) => [family, String(v.count), String(v.p50), String(v.p99)]);
  const passed = checks.filter((c) => c.ok).length;
  const failed = checks.length - passed;
  const runtime = (Date.now() - started) / 1000;
  process.stdout.write(
    [
      '',
      `Soak: ${options.minutes} min, commit ${commit}, seed ${options.seed}, ${log.exchanges.length} requests (${whole.requestsPerSecond} req/s), ` +
        `${Object.values(model.summary).reduce((a, b) => a + b, 0)} imports, runtime ${runtime.toFixed(0)} s`,
      '',
      figuresTables(intervals),
      '',
      'Latency over the whole run, outside fault windows (ms):',
      table(['family', 'requests', 'p50', 'p99'], latencyRows),
      '',
      ...checks.map(
        (c) =>
          `${c.ok ? 'PASS' : 'FAIL'} ${c.name}${c.detail ? ` — ${c.detail}` : ''}${c.problems.length ? `\n  ${c.problems.slice(0, 8).join('\n  ')}${c.problems.length > 8 ? `\n  … ${c.problems.length - 8} more` : ''}` : ''}`,
      ),
      '',
    ].join('\n'),
  );
  if (options.json) {
    writeFileSync(
      options.json,
      JSON.stringify(
        {
          minutes: options.minutes,
          commit,
          seed: options.seed,
          runtimeSeconds: runtime,
          requests: log.exchanges.length,
          jobs: model.summary,
          faults: log.windows,
          intervals,
          whole,
          checks,
          samples: monitor.samples,
        },
        null,
        1,
      ),
    );
  }
  process.stdout.write(`soak: ${passed} passed, ${failed} failed\n`);
  return failed === 0 ? 0 : 1;
}

async function subscribe(tenant: Tenant, http: SoakHttp): Promise<TenantHooks> {
  const receiver = await new WebhookReceiver().start();
  const answer = await http.send('webhook-setup', {
    api: tenant.index % 2,
    method: 'POST',
    path: '/v1/webhooks',
    headers: { authorization: tenant.caller.auth, 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify({ url: receiver.url('/hook'), events: ['import.done', 'import.failed'] })),
    expected: [201],
  });
  if (isFailure(answer) || answer.status !== 201)
    throw new Error(`POST /v1/webhooks answered ${isFailure(answer) ? answer.message : `${answer.status} ${answer.text}`}`);
  return { receiver, secret: (answer.json as { secret: string }).secret };
}

/** Each acknowledged job's report (status, failure, counters, deleted_count), as the API answers it. */
async function finalReports(tenants: Tenant[], http: SoakHttp, problems: string[]): Promise<Map<string, ActualJob>> {
  const reports = new Map<string, ActualJob>();
  for (const tenant of tenants) {
    for (const op of tenant.operations) {
      if (op.kind !== 'upload') continue;
      for (let attempt = 0; attempt < 5; attempt++) {
        const answer = await http.send('report', {
          api: attempt % 2,
          method: 'GET',
          path: `/v1/catalogs/imports/${op.jobId}/report`,
          headers: { authorization: tenant.caller.auth },
          expected: [200],
        });
        if (!isFailure(answer) && answer.status === 200) {
          const r = answer.json as {
            status: string;
            failure: { type: string } | null;
            total: number;
            indexed_count: number;
            failed_count: number;
            skipped_count: number;
            deleted_count: number | null;
          };
          reports.set(op.jobId, {
            status: r.status,
            failureType: r.failure?.type ?? null,
            counters: { total: r.total, indexed_count: r.indexed_count, failed_count: r.failed_count, skipped_count: r.skipped_count },
            deletedCount: r.deleted_count ?? null,
          });
          break;
        }
        if (attempt === 4) problems.push(`report of job ${op.jobId}: ${isFailure(answer) ? answer.message : answer.status}`);
        await sleep(1_000);
      }
    }
  }
  return reports;
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await Promise.resolve(condition()).catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await sleep(500);
  }
}

/** Deletes the log directories of earlier runs whose process is gone (the last run's logs stay until the next run). */
function removeFinishedRunsLogs(): void {
  mkdirSync(LOGS_ROOT, { recursive: true });
  for (const name of readdirSync(LOGS_ROOT)) {
    const pid = Number(/^logs-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    rmSync(join(LOGS_ROOT, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`${error.stack ?? error.message}\n`);
    process.stdout.write('soak: 0 passed, 1 failed\n');
    process.exit(1);
  },
);
