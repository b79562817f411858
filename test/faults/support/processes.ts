import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../../tools/harness/ports';
import { waitForHttpOk } from '../../../tools/harness/readiness';
import { REPO_ROOT, serviceNodeFlags } from '../../../tools/harness/repo';
import type { ServiceEnv } from '../../../tools/harness/service-env';
import { ServiceProcess } from '../../../tools/harness/service-process';
import { childEnv, DIST_SNAPSHOT, LOG_DIR, PID_FILE } from './env';

/**
 * The suite's processes: the built API and workers run from the dist/ snapshot, each with a
 * numbered log file, its pid recorded (the global teardown kills leftovers) and tracked until it
 * exits, so that killAll leaves nothing running after a spec.
 */
const live = new Set<ServiceProcess>();
let sequence = 0;

async function spawnNode(name: string, args: string[], env: ServiceEnv, port?: number): Promise<ServiceProcess> {
  const logFile = join(LOG_DIR, `${String(++sequence).padStart(3, '0')}-${name}.log`);
  // PGAPPNAME names this process's PostgreSQL sessions, so pg_stat_activity tells the workers apart.
  const service = await ServiceProcess.start({ name, args, env: childEnv({ PGAPPNAME: name, ...env }), logFile, port });
  live.add(service);
  void service.exited.then(() => live.delete(service));
  appendFileSync(PID_FILE, `${service.pid}\n`);
  return service;
}

function spawnService(name: string, entry: 'main.js' | 'worker.js', env: ServiceEnv, port?: number): Promise<ServiceProcess> {
  return spawnNode(name, [...serviceNodeFlags(entry), join(DIST_SNAPSHOT, entry)], env, port);
}

export interface StartOptions {
  /** Also names the process's PostgreSQL sessions (application_name). */
  name: string;
  env?: ServiceEnv;
  readyTimeoutMs?: number;
}

export type ApiProcess = ServiceProcess & { readonly port: number };

/**
 * `node dist/main.js` with WORKER_ENABLED=false on a free port; resolves once GET /health/live
 * answers 200. With `testEntry`, a test-only API of test/faults/workers/ instead (the built app
 * module with a provider overridden).
 */
export async function startApi(options: StartOptions & { testEntry?: string }): Promise<ApiProcess> {
  const port = await freePort();
  const env = { WORKER_ENABLED: 'false', PORT: String(port), ...options.env };
  const api = options.testEntry
    ? await spawnTestEntry(options.name, options.testEntry, env, port)
    : await spawnService(options.name, 'main.js', env, port);
  try {
    await waitForHttpOk(api, port, '/health/live', options.readyTimeoutMs ?? (options.testEntry ? 60_000 : 30_000), 100);
  } catch (error) {
    await api.kill();
    throw error;
  }
  return api as ApiProcess;
}

/** `node dist/worker.js`; resolves once it logged that the worker started (its first reconcile pass ran). */
export async function startWorker(options: StartOptions): Promise<ServiceProcess> {
  return ready(await spawnService(options.name, 'worker.js', options.env ?? {}), options.readyTimeoutMs ?? 30_000);
}

/**
 * A test-only worker (test/faults/workers/<script>.ts, run through ts-node) that boots the built
 * worker module from the snapshot with a provider overridden; resolves once it logged that it started.
 */
export async function startTestWorker(script: string, options: StartOptions): Promise<ServiceProcess> {
  return ready(await spawnTestEntry(options.name, script, options.env ?? {}), options.readyTimeoutMs ?? 60_000);
}

/** test/faults/workers/<script>.ts through ts-node, given the dist snapshot to boot. */
function spawnTestEntry(name: string, script: string, env: ServiceEnv, port?: number): Promise<ServiceProcess> {
  const entry = join(REPO_ROOT, 'test', 'faults', 'workers', `${script}.ts`);
  return spawnNode(name, [...serviceNodeFlags('worker.js'), '-r', 'ts-node/register/transpile-only', entry, DIST_SNAPSHOT], env, port);
}

async function ready(worker: ServiceProcess, timeoutMs: number): Promise<ServiceProcess> {
  try {
    await worker.waitForLine(/Import worker started/, timeoutMs);
  } catch (error) {
    await worker.kill();
    throw error;
  }
  return worker;
}

/** SIGKILLs every process this test file started that is still running (afterEach/afterAll, also on failure). */
export async function killAll(): Promise<void> {
  await Promise.all([...live].map((service) => service.kill()));
}
