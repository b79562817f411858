import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { loadConfig } from '../../../src/common/config/load-config';
import { poolSize } from '../../../src/database/pool-size';
import { basicAuth } from '../../../tools/harness/http/credentials';
import { waitForHttpOk } from '../../../tools/harness/readiness';
import { REPO_ROOT } from '../../../tools/harness/repo';
import { serviceEnv, type ServiceEnv } from '../../../tools/harness/service-env';
import { startNodeService, type ServiceProcess } from '../../../tools/harness/service-process';
import type { TenantCaller } from './tenant';

export const SOAK_DATABASE = 'pds_soak';

/**
 * Settings of every process: the private PostgreSQL and Redis, short recovery timings so a fault
 * heals within seconds, webhooks to 127.0.0.1 allowed, quiet API logs (warn: no line per request). The limits (upload slots,
 * minimum rate, pool sizes) are the service's defaults except the rate window, shortened so the
 * slow-client fault takes seconds, and the per-account request limit, which the soak does not test.
 */
function soakEnv(databaseUrl: string, redisUrl: string): ServiceEnv {
  return {
    DATABASE_URL: `${databaseUrl}/${SOAK_DATABASE}`,
    REDIS_URL: redisUrl,
    BASE_PATH: '',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    NO_COLOR: '1',
    METRICS_PORT: '0',
    RECONCILE_INTERVAL_MS: '2000',
    RATE_LIMIT_PER_MINUTE: '1000000',
    UPLOAD_MIN_RATE_WINDOW_MS: '5000',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    WEBHOOK_RETRY_BASE_MS: '1000',
    WEBHOOK_RELAY_INTERVAL_MS: '500',
  };
}

export interface StackOptions {
  dist: string;
  logDir: string;
  databaseUrl: string;
  redisUrl: string;
  apiPorts: number[];
  workers: number;
}

/** The service under test: API processes (WORKER_ENABLED=false) on fixed ports and standalone workers, restartable in place. */
export class SoakStack {
  readonly apis: ServiceProcess[] = [];
  readonly workers: ServiceProcess[] = [];
  /** Processes the soak killed itself (their exit is no finding). */
  private readonly killed = new Set<ServiceProcess>();
  private readonly baseEnv: ServiceEnv;

  constructor(private readonly options: StackOptions) {
    // The dist snapshot lives outside the repository: let it resolve packages from the repository's node_modules.
    this.baseEnv = { NODE_PATH: join(REPO_ROOT, 'node_modules'), ...soakEnv(options.databaseUrl, options.redisUrl) };
  }

  get apiPorts(): number[] {
    return this.options.apiPorts;
  }

  private env(name: string, extra: ServiceEnv = {}): NodeJS.ProcessEnv {
    return serviceEnv(this.baseEnv, { PGAPPNAME: name }, extra);
  }

  private apiEnv(slot: number): NodeJS.ProcessEnv {
    return this.env(`api-${slot}`, { WORKER_ENABLED: 'false', PORT: String(this.options.apiPorts[slot]) });
  }

  /** The first API migrates the database (and creates it); the others start once it is ready. */
  async start(): Promise<void> {
    for (let slot = 0; slot < this.options.apiPorts.length; slot++) this.apis[slot] = await this.startApi(slot);
    await Promise.all(Array.from({ length: this.options.workers }, async (_, slot) => (this.workers[slot] = await this.startWorker(slot))));
  }

  private async startApi(slot: number): Promise<ServiceProcess> {
    const port = this.options.apiPorts[slot];
    const api = await startNodeService(`api-${slot}`, join(this.options.dist, 'main.js'), this.apiEnv(slot), this.options.logDir, port);
    try {
      await waitForHttpOk(api, port, '/health/live', 120_000, 100);
    } catch (error) {
      await api.kill();
      throw error;
    }
    return api;
  }

  private async startWorker(slot: number): Promise<ServiceProcess> {
    // info: the worker says when it started; it logs no requests, so its log stays small.
    const env = this.env(`worker-${slot}`, { LOG_LEVEL: 'info' });
    const worker = await startNodeService(`worker-${slot}`, join(this.options.dist, 'worker.js'), env, this.options.logDir);
    try {
      await worker.waitForLine(/Import worker started/, 120_000);
    } catch (error) {
      await worker.kill();
      throw error;
    }
    return worker;
  }

  /** SIGKILL, then a fresh process in the same slot (an API on the same port). */
  async killAndRestartApi(slot: number, downMs: number, wait: (ms: number) => Promise<void>): Promise<void> {
    this.killed.add(this.apis[slot]);
    await this.apis[slot].kill();
    await wait(downMs);
    this.apis[slot] = await this.startApi(slot);
  }

  async killAndRestartWorker(slot: number, downMs: number, wait: (ms: number) => Promise<void>): Promise<void> {
    this.killed.add(this.workers[slot]);
    await this.workers[slot].kill();
    await wait(downMs);
    this.workers[slot] = await this.startWorker(slot);
  }

  /** Every live process with its slot name and pid. */
  processes(): Array<{ name: string; pid: number }> {
    return [...this.apis, ...this.workers].filter((p) => p.running).map((p) => ({ name: p.name, pid: p.pid }));
  }

  /** Processes that exited without the soak killing them. */
  unexpectedExits(): string[] {
    return [...this.apis, ...this.workers]
      .filter((p) => !p.running && !this.killed.has(p))
      .map((p) => `${p.name} (pid ${p.child.pid}) exited ${JSON.stringify(p.exitInfo)}; last output:\n${p.tail(15)}`);
  }

  /** Error and fatal lines the processes printed (the log level is warn, so these are few). */
  errorLines(): string[] {
    return [...this.apis, ...this.workers].flatMap((p) => p.grep(/"level":(50|60)/).map((line) => `${p.name}: ${line.slice(0, 300)}`));
  }

  /**
   * The most PostgreSQL sessions the processes may open: each pool's configured maximum (the
   * service's own formula) plus the LISTEN session for credential changes.
   */
  connectionBound(): number {
    const apis = this.options.apiPorts.map((_, slot) => poolSize(loadConfig(this.apiEnv(slot))) + 1);
    const worker = poolSize(loadConfig(this.env('worker'))) + 1;
    return apis.reduce((a, b) => a + b, 0) + worker * this.options.workers;
  }

  async stop(): Promise<void> {
    await Promise.all([...this.apis, ...this.workers].map((p) => p.stop(10_000)));
  }

  /**
   * Organizations, each with one account and a read-write token, made by the operator CLI's own
   * commands in one process (test/soak/entries/provision-tenants.ts).
   */
  createTenants(count: number, label: string): Promise<Array<TenantCaller & { accountId: string; token: string }>> {
    const entry = join(REPO_ROOT, 'test', 'soak', 'entries', 'provision-tenants.ts');
    const args = ['-r', 'ts-node/register/transpile-only', entry, this.options.dist, String(count), label];
    return new Promise((resolve, reject) => {
      execFile(process.execPath, args, { cwd: REPO_ROOT, env: this.env('soak-cli'), timeout: 300_000 }, (error, stdout, stderr) => {
        if (error) return reject(new Error(`provisioning ${count} organizations failed: ${error.message}\n${stderr}`));
        const rows = stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { organizationId: string; accountId: string; token: string });
        if (rows.length !== count) return reject(new Error(`provisioning printed ${rows.length} organizations, not ${count}: ${stdout}`));
        resolve(rows.map((row) => ({ ...row, auth: basicAuth(row) })));
      });
    });
  }
}
