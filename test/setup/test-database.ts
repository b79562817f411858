/** The dedicated databases of the e2e suite (never the development database). */
export const TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/product_directory_test';
export const TEST_REDIS_URL = 'redis://127.0.0.1:6379/1';
export const TEST_QUEUE_PREFIX = 'pds-test';
