/**
 * The dedicated database, Redis database and queue prefix of the e2e suite (never the development
 * ones). PDS_TEST_DB / PDS_TEST_REDIS_DB let two suites run side by side on one machine.
 */
const database = process.env.PDS_TEST_DB ?? 'product_directory_test';
const redisDb = process.env.PDS_TEST_REDIS_DB ?? '1';

export const TEST_DATABASE_NAME = database;
export const TEST_DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${database}`;
export const TEST_REDIS_URL = `redis://127.0.0.1:6379/${redisDb}`;
export const TEST_QUEUE_PREFIX = `pds-test-${database}`;
