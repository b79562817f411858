/**
 * The dedicated databases, Redis database and queue prefixes of the e2e suite (never the
 * development ones). Each Jest worker gets its own database and queue prefix, so a job one spec
 * leaves behind can never be picked up by another worker's app, and parallel workers never share
 * a reconciler. PDS_TEST_DB / PDS_TEST_REDIS_DB name the base, so two suites can run side by side.
 */
const base = process.env.PDS_TEST_DB ?? 'product_directory_test';
const redisDb = process.env.PDS_TEST_REDIS_DB ?? '1';

/** The migrated template every worker database is copied from (globalSetup). */
export const TEMPLATE_DATABASE_NAME = base;
export const TEST_REDIS_URL = `redis://127.0.0.1:6379/${redisDb}`;
/** Every worker's queue prefix starts with this (globalSetup empties them all). */
export const TEST_QUEUE_PREFIX_BASE = `pds-test-${base}`;

export const workerDatabaseName = (workerId: number): string => `${base}_w${workerId}`;
export const databaseUrl = (name: string): string => `postgres://postgres@127.0.0.1:5432/${name}`;

// Jest sets JEST_WORKER_ID (1..maxWorkers, '1' in band) in each test process; undefined in globalSetup.
const workerId = Number(process.env.JEST_WORKER_ID ?? '1');

/** This worker's database and queue prefix. */
export const TEST_DATABASE_NAME = workerDatabaseName(workerId);
export const TEST_DATABASE_URL = databaseUrl(TEST_DATABASE_NAME);
export const TEST_QUEUE_PREFIX = `${TEST_QUEUE_PREFIX_BASE}-w${workerId}`;
