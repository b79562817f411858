import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { basicAuth } from '../../../tools/harness/http/credentials';
import { waitForHttpOk } from '../../../tools/harness/readiness';
import { DIST_DIR, REPO_ROOT } from '../../../tools/harness/repo';
import { serviceEnv } from '../../../tools/harness/service-env';
import { startNodeService, type ServiceProcess } from '../../../tools/harness/service-process';
import { PrivatePostgres } from '../../soak/support/private-services';
import { ensureFreshBuild } from '../../support/fresh-build';

/**
 * Ports of this suite (override with PDS_REPLICAS_PORT_BASE): primary, replica, API, API metrics.
 * Below Linux's ephemeral range (32768-60999): a fixed port inside it can be held by any outgoing
 * connection's local end, and CI once failed the whole suite with EADDRINUSE on 44434.
 */
const PORT_BASE = Number(process.env.PDS_REPLICAS_PORT_BASE ?? 24_432);
export const DATABASE = process.env.PDS_TEST_DB ?? 'pds_replicas';
const REDIS_URL = `redis://127.0.0.1:6379/${process.env.PDS_TEST_REDIS_DB ?? '14'}`;
/** Short, so the suite sees the bound and the recovery within seconds. */
export const MAX_LAG_MS = 1_500;
export const PROBE_INTERVAL_MS = 200;

export interface Tenant {
  organizationId: string;
  accountId: string;
  token: string;
  auth: string;
}

/** Lag bound of the second API: never reached in the suite, so only fences send its reads to the primary. */
export const PATIENT_MAX_LAG_MS = 600_000;

/** One API process of the stack. */
export interface Api {
  name: string;
  baseUrl: string;
  metricsPort: number;
  process?: ServiceProcess;
}

/**
 * A private primary with one streaming replica, two built API processes reading from it (`main`
 * with the short lag bound MAX_LAG_MS, `patient` with a bound it never reaches, to see fences
 * alone at work) and a standalone worker; logs in the run's temporary directory
 * (PDS_REPLICAS_KEEP=1 keeps it).
 */
export class ReplicaStack {
  readonly main: Api = api('api-main', PORT_BASE + 2);
  readonly patient: Api = api('api-patient', PORT_BASE + 4);
  private worker?: ServiceProcess;

  private constructor(
    readonly root: string,
    readonly primary: PrivatePostgres,
    readonly replica: PrivatePostgres,
  ) {}

  static async start(): Promise<ReplicaStack> {
    ensureFreshBuild();
    const root = mkdtempSync(join(tmpdir(), 'pds-replicas-'));
    chmodSync(root, 0o755); // the postgres OS user owns directories inside it
    const primary = await PrivatePostgres.create(root, PORT_BASE);
    const replica = await PrivatePostgres.replicaOf(primary, root, PORT_BASE + 1).catch(async (error: Error) => {
      await primary.stop('immediate');
      throw error;
    });
    const stack = new ReplicaStack(root, primary, replica);
    try {
      // The first API creates and migrates the database on the primary; the replica replays it.
      await stack.startApi(stack.main, MAX_LAG_MS);
      await stack.startApi(stack.patient, PATIENT_MAX_LAG_MS);
      stack.worker = await startNodeService('worker', join(DIST_DIR, 'worker.js'), stack.env('worker', { METRICS_PORT: '0' }), root);
      await stack.worker.waitForLine(/Import worker started/, 120_000);
    } catch (error) {
      await stack.stop();
      throw error;
    }
    return stack;
  }

  private async startApi(target: Api, maxLagMs: number): Promise<void> {
    const port = Number(new URL(target.baseUrl).port);
    const extra = {
      WORKER_ENABLED: 'false',
      PORT: String(port),
      METRICS_PORT: String(target.metricsPort),
      REPLICA_MAX_LAG_MS: String(maxLagMs),
    };
    target.process = await startNodeService(target.name, join(DIST_DIR, 'main.js'), this.env(target.name, extra), this.root, port);
    await waitForHttpOk(target.process, port, '/health/live', 120_000, 100);
  }

  /** The label the service gives the replica in its metrics. */
  get replicaLabel(): string {
    return `127.0.0.1:${this.replica.port}/${DATABASE}`;
  }

  private env(name: string, extra: Record<string, string>): NodeJS.ProcessEnv {
    return serviceEnv(
      {
        NODE_PATH: join(REPO_ROOT, 'node_modules'),
        DATABASE_URL: `${this.primary.url}/${DATABASE}`,
        DATABASE_REPLICA_URLS: `${this.replica.url}/${DATABASE}`,
        REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
        REPLICA_PROBE_INTERVAL_MS: String(PROBE_INTERVAL_MS),
        REDIS_URL,
        BASE_PATH: '',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        NO_COLOR: '1',
        RECONCILE_INTERVAL_MS: '2000',
        RATE_LIMIT_PER_MINUTE: '1000000',
        READS_IN_FLIGHT_PER_ACCOUNT: '16',
        READS_IN_FLIGHT_PER_ORGANIZATION: '16',
        PGAPPNAME: name,
      },
      extra,
    );
  }

  /** Organizations with one account and an all-scopes token each (the operator CLI's commands, test/soak's entry). */
  createTenants(count: number): Promise<Tenant[]> {
    const entry = join(REPO_ROOT, 'test', 'soak', 'entries', 'provision-tenants.ts');
    const args = ['-r', 'ts-node/register/transpile-only', entry, DIST_DIR, String(count), 'replica tenant'];
    return new Promise((resolve, reject) => {
      execFile(process.execPath, args, { cwd: REPO_ROOT, env: this.env('cli', {}), timeout: 120_000 }, (error, stdout, stderr) => {
        if (error) return reject(new Error(`provisioning failed: ${error.message}\n${stderr}`));
        const rows = stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as Omit<Tenant, 'auth'>);
        resolve(rows.map((row) => ({ ...row, auth: basicAuth(row) })));
      });
    });
  }

  /** A direct connection to the primary's or the replica's copy of the service database. */
  async connect(target: 'primary' | 'replica'): Promise<Client> {
    const cluster = target === 'primary' ? this.primary : this.replica;
    const client = new Client({ connectionString: `${cluster.url}/${DATABASE}` });
    client.on('error', () => undefined); // the replica is killed on purpose: its queries fail, the suite goes on
    await client.connect();
    return client;
  }

  /** The service's own log lines (API then worker), for a failing test's message. */
  logTail(count = 20): string {
    return [this.main.process, this.patient.process, this.worker].map((p) => (p ? `--- ${p.name}\n${p.tail(count)}` : '')).join('\n');
  }

  async stop(): Promise<void> {
    const processes = [this.main.process, this.patient.process, this.worker].filter((p): p is ServiceProcess => p !== undefined);
    await Promise.all(processes.map((p) => p.stop(10_000)));
    for (const cluster of [this.replica, this.primary]) await cluster.stop('immediate').catch(() => undefined);
    if (!process.env.PDS_REPLICAS_KEEP) rmSync(this.root, { recursive: true, force: true });
  }
}

function api(name: string, port: number): Api {
  return { name, baseUrl: `http://127.0.0.1:${port}`, metricsPort: port + 1 };
}
