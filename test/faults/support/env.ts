import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ENV_KEYS } from '../../../src/common/config/load-config';

/**
 * Where the fault-injection suite runs: its own PostgreSQL database, Redis database and queue
 * prefix (never the development or e2e ones), and the short timings that keep it fast.
 */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');
export const DIST_DIR = join(REPO_ROOT, 'dist');

export const FAULTS_DATABASE = 'product_directory_faults';
export const PG_HOST_URL = 'postgres://postgres@127.0.0.1:5432';
export const FAULTS_DATABASE_URL = `${PG_HOST_URL}/${FAULTS_DATABASE}`;
export const REDIS_PORT = 6379;
export const REDIS_DB = 3;
export const FAULTS_REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}/${REDIS_DB}`;
export const QUEUE_PREFIX = 'faults';
export const QUEUE_NAME = 'catalog-imports';

/**
 * The two deployments of the shared-redis spec: own databases, the suite's Redis database, and the
 * default (deployment-bound) queue prefixes `pds:<deployment id>`. Dropped by the global setup and teardown.
 */
export const SHARED_REDIS_DATABASES = ['product_directory_faults_shared_a', 'product_directory_faults_shared_b'] as const;
export const DEFAULT_PREFIX_PATTERN = 'pds:*';
/** The QUEUE_PREFIX both deployments are deliberately given in the spec's foreign-job scenario. */
export const SHARED_EXPLICIT_PREFIX = 'faults-shared';

/** Scratch space of one suite run: a snapshot of dist/, process logs, cached reference outcomes, pids. */
export const STATE_DIR = join(tmpdir(), 'pds-faults');
/** dist/ is copied here by the global setup, so a rebuild by someone else mid-run cannot break restarts. */
export const DIST_SNAPSHOT = join(STATE_DIR, 'dist');
export const LOG_DIR = join(STATE_DIR, 'logs');
export const PID_FILE = join(STATE_DIR, 'pids');

export const RECONCILE_INTERVAL_MS = 1_000;
export const QUEUE_STALLED_INTERVAL_MS = 2_000;
export const QUEUE_LOCK_DURATION_MS = 4_000;
export const IMPORT_BATCH_SIZE = 200;

/**
 * The environment every API, worker and CLI process of the suite starts with; a spec's `extra`
 * overrides it, and an `undefined` there unsets a variable (e.g. QUEUE_PREFIX, for the default).
 */
export const SERVICE_ENV: Record<string, string> = {
  DATABASE_URL: FAULTS_DATABASE_URL,
  REDIS_URL: FAULTS_REDIS_URL,
  QUEUE_PREFIX,
  BASE_PATH: '',
  RECONCILE_INTERVAL_MS: String(RECONCILE_INTERVAL_MS),
  QUEUE_STALLED_INTERVAL_MS: String(QUEUE_STALLED_INTERVAL_MS),
  QUEUE_LOCK_DURATION_MS: String(QUEUE_LOCK_DURATION_MS),
  IMPORT_BATCH_SIZE: String(IMPORT_BATCH_SIZE),
  TOKEN_CACHE_TTL_MS: '0',
  WORKER_CONCURRENCY: '2',
  LOG_LEVEL: 'info',
  // Several workers run side by side: no fixed metrics port to fight over.
  METRICS_PORT: '0',
  // The suite polls and probes; the per-account limit is not what it tests.
  RATE_LIMIT_PER_MINUTE: '100000',
  NO_COLOR: '1',
};

/** Variables of the service (all of them, from its own list) that must not leak in from the shell running the suite. */
export const SERVICE_KEYS: readonly string[] = [...ENV_KEYS, 'PGAPPNAME'];

/**
 * The Node flags the service runs with in production, taken from package.json's "start" script
 * (`node <flags> dist/main.js`), so the suite starts the processes exactly the same way.
 */
export function serviceNodeFlags(): string[] {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const words = (pkg.scripts?.start ?? '').trim().split(/\s+/);
  const entry = words.indexOf('dist/main.js');
  return words[0] === 'node' && entry > 0 ? words.slice(1, entry).filter((w) => w.startsWith('--')) : [];
}

export type ServiceEnv = Record<string, string | undefined>;

export function childEnv(extra: ServiceEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SERVICE_KEYS) delete env[key];
  // The snapshot lives outside the repository: let it resolve packages from the repository's node_modules.
  env.NODE_PATH = join(REPO_ROOT, 'node_modules');
  const merged: NodeJS.ProcessEnv = { ...env, ...SERVICE_ENV, ...extra };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  return merged;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
