import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../../tools/harness/ports';
import { waitForHttpOk } from '../../../tools/harness/readiness';
import { REPO_ROOT } from '../../../tools/harness/repo';
import { serviceEnv } from '../../../tools/harness/service-env';
import { startNodeService, type ServiceProcess } from '../../../tools/harness/service-process';
import { ABUSE_DATABASE_URL, ABUSE_PORT, LOG_DIR, SERVICE_ENV, STATE_FILE } from './env';

export interface Api {
  process: ServiceProcess;
  port: number;
  stop(): Promise<void>;
}

/**
 * The real built API (`dist/main.js`, with package.json's Node flags; it listens on every
 * address), with the service's defaults unless `env` says otherwise. `worker` runs the import worker
 * in it (the setup imports); the specs run without, so what PostgreSQL runs is the requests' work.
 */
export async function startApi(name: string, env: Record<string, string> = {}, worker = false): Promise<Api> {
  const port = ABUSE_PORT ?? (await freePort());
  const api = await startNodeService(
    name,
    join(REPO_ROOT, 'dist/main.js'),
    serviceEnv({ ...SERVICE_ENV, ...env, PORT: String(port), WORKER_ENABLED: String(worker) }),
    LOG_DIR,
    port,
  );
  try {
    await waitForHttpOk(api, port, '/health/ready', 90_000);
  } catch (error) {
    await api.kill();
    throw error;
  }
  return { process: api, port, stop: () => api.stop() };
}

/** An account and its token. */
export interface Account {
  accountId: string;
  token: string;
}

/** What the global setup made: two organizations with the same realistic catalog, and their accounts. */
export interface AbuseState {
  /**
   * The attackers' organization (and the writer that imported the catalog): read-only accounts, one
   * group per spec, so that one spec's requests do not spend another's per-account rate limit
   * (RATE_LIMIT_PER_MINUTE, counted in Redis per minute across the suite's API processes).
   */
  crowd: { organizationId: string; flooders: Account[]; abandoner: Account; amplifier: Account };
  /** The honest tenant: read-only accounts, and the finished import job whose status it polls. */
  honest: { organizationId: string; readers: Account[]; jobId: string };
  /** Distinct words of the catalog's titles, most frequent first (for searches and typo queries). */
  words: string[];
}

export function readState(): AbuseState {
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as AbuseState;
}

/** A client of the suite's database, for pg_stat_activity. */
export async function withDatabase<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: ABUSE_DATABASE_URL, application_name: 'abuse-suite' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
