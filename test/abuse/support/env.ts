import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the abuse suite runs: its own database and Redis database (overridable, so parallel
 * checkouts on one machine do not collide), never the development, e2e, bench or other suites' ones.
 */
export const ABUSE_DATABASE = process.env.PDS_ABUSE_DB ?? 'pds_secreads_abuse';
export const ABUSE_REDIS_DB = process.env.PDS_ABUSE_REDIS_DB ?? '5';
export const PG_HOST_URL = process.env.PDS_ABUSE_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
export const ABUSE_DATABASE_URL = `${PG_HOST_URL}/${ABUSE_DATABASE}`;
export const ABUSE_REDIS_URL = `redis://127.0.0.1:6379/${ABUSE_REDIS_DB}`;
export const ABUSE_QUEUE_PREFIX = 'abuse';
/** The API's port: PDS_ABUSE_PORT when set (a machine where ports are shared out), else one the OS picks. */
export const ABUSE_PORT = process.env.PDS_ABUSE_PORT ? Number(process.env.PDS_ABUSE_PORT) : undefined;

/** Scratch space: the generated catalog (kept across runs as a cache), process logs, the setup's state. */
export const STATE_DIR = join(tmpdir(), `pds-abuse-${ABUSE_DATABASE}`);
export const FILES_DIR = join(STATE_DIR, 'files');
export const LOG_DIR = join(STATE_DIR, 'logs');
export const STATE_FILE = join(STATE_DIR, 'state.json');

/** The realistic catalog every organization imports: big enough that facets cost real work, small enough to import in seconds. */
export const CATALOG_BYTES = 4 * 1024 * 1024;
export const CATALOG_SEED = 30;

/** Environment of every process of the suite: the service's own defaults for every limit under test. */
export const SERVICE_ENV: Record<string, string> = {
  DATABASE_URL: ABUSE_DATABASE_URL,
  REDIS_URL: ABUSE_REDIS_URL,
  QUEUE_PREFIX: ABUSE_QUEUE_PREFIX,
  BASE_PATH: '',
  METRICS_PORT: '0',
  LOG_LEVEL: 'warn',
  NO_COLOR: '1',
};
