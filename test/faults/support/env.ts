import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../../tools/harness/repo';
import { serviceEnv, type ServiceEnv } from '../../../tools/harness/service-env';

/**
 * Where the fault-injection suite runs: its own PostgreSQL database, Redis database and queue
 * prefix (never the development or e2e ones), and the short timings that keep it fast.
 */
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
  READS_IN_FLIGHT_PER_ACCOUNT: '1000',
  READS_IN_FLIGHT_PER_ORGANIZATION: '1000',
  READS_IN_FLIGHT_PER_PROCESS: '1000',
  NO_COLOR: '1',
};

/** The environment of a process of the suite: SERVICE_ENV, then `extra` (nothing leaks in from the shell). */
export function childEnv(extra: ServiceEnv = {}): NodeJS.ProcessEnv {
  // The snapshot lives outside the repository: let it resolve packages from the repository's node_modules.
  return serviceEnv({ NODE_PATH: join(REPO_ROOT, 'node_modules') }, SERVICE_ENV, extra);
}
