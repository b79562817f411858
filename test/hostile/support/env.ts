import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the hostile-file suite runs (its own database, Redis database and queue prefix, never the
 * development, e2e, bench or fault ones) and the rules it checks (docs/product-schema.md, docs/reliability.md).
 */
/** PDS_TEST_DB / PDS_TEST_REDIS_DB move the suite beside another engineer's run on a shared machine. */
export const HOSTILE_DATABASE = process.env.PDS_TEST_DB ? `${process.env.PDS_TEST_DB}_hostile` : 'pds_hostile';
export const PG_HOST_URL = 'postgres://postgres@127.0.0.1:5432';
export const HOSTILE_DATABASE_URL = `${PG_HOST_URL}/${HOSTILE_DATABASE}`;
export const HOSTILE_REDIS_URL = `redis://127.0.0.1:6379/${process.env.PDS_TEST_REDIS_DB ?? '10'}`;
export const HOSTILE_QUEUE_PREFIX = process.env.PDS_TEST_DB ? `hostile-${process.env.PDS_TEST_DB}` : 'hostile';

/** Scratch space: generated files (kept across runs as a cache), process logs. */
export const STATE_DIR = join(tmpdir(), process.env.PDS_TEST_DB ? `pds-hostile-${process.env.PDS_TEST_DB}` : 'pds-hostile');
export const FILES_DIR = join(STATE_DIR, 'files');
export const LOG_DIR = join(STATE_DIR, 'logs');

/** The largest upload; every shape is at most this size. */
export const MAX_FILE_BYTES = 52_428_800;
/** An element larger than this (as written in the file) is one failed product. */
export const MAX_ELEMENT_BYTES = 262_144;

/** Failed elements whose details are kept (IMPORT_ERROR_DETAILS_LIMIT, set to its default below). */
export const ERROR_DETAILS_LIMIT = 10_000;
/** The first 20 `{field,message}` of an element plus one "… and N more errors". */
export const MAX_ERRORS_PER_ROW = 21;
export const PEAK_RSS_LIMIT_MIB = 300;
/**
 * No shape may take longer than this many times the realistic catalog's import in the same run.
 * The tiny-element shapes (26M `0` elements, 1.59M minimal products) pay a per-element cost the
 * realistic catalog does not, hence the headroom. Still a bound: a per-element cost that grew with
 * the file would blow it.
 */
export const TIME_RATIO_LIMIT = 10;
/**
 * The machine is shared: a worker past this RSS is killed by the suite (the shape fails anyway;
 * today's code reached 2 GB on one shape).
 */
export const RSS_KILL_MIB = 1_024;
/** How long a shape may run when there is no baseline time to derive the bound from. */
export const FALLBACK_SHAPE_TIMEOUT_MS = 300_000;
export const RSS_SAMPLE_MS = 50;
export const POLL_MS = 200;

/** Environment of every API, worker and CLI process of the suite. */
export const SERVICE_ENV: Record<string, string> = {
  DATABASE_URL: HOSTILE_DATABASE_URL,
  REDIS_URL: HOSTILE_REDIS_URL,
  QUEUE_PREFIX: HOSTILE_QUEUE_PREFIX,
  BASE_PATH: '',
  IMPORT_ERROR_DETAILS_LIMIT: String(ERROR_DETAILS_LIMIT),
  // The suite polls; the per-account limit is not what it tests.
  RATE_LIMIT_PER_MINUTE: '1000000',
  READS_IN_FLIGHT_PER_ACCOUNT: '1000',
  READS_IN_FLIGHT_PER_ORGANIZATION: '1000',
  READS_IN_FLIGHT_PER_PROCESS: '1000',
  // One file of 1.59 million minimal products is a shape these measure, not a quota breach.
  PRODUCTS_PER_ORGANIZATION: '10000000',
  METRICS_PORT: '0',
  LOG_LEVEL: 'info',
  NO_COLOR: '1',
};
