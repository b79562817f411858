import { TEST_DATABASE_URL, TEST_QUEUE_PREFIX, TEST_REDIS_URL } from './test-database';

// Every e2e spec runs against the dedicated test database and queue prefix.
process.env.DATABASE_URL = TEST_DATABASE_URL;
process.env.REDIS_URL = TEST_REDIS_URL;
process.env.QUEUE_PREFIX = TEST_QUEUE_PREFIX;
process.env.RECONCILE_INTERVAL_MS = '500';
// Revocation must show at once in most tests; auth/token-cache.e2e-spec covers the cached bound.
process.env.TOKEN_CACHE_TTL_MS = '0';
// Request logs are exercised by operations/observability.e2e-spec with its own destination (and the log format by
// operations/logging.e2e-spec on its own processes); keep test output readable.
process.env.LOG_LEVEL = 'error';
// Most specs send many bad credentials from 127.0.0.1; auth/failed-auth-limit.e2e-spec sets its own limit.
process.env.AUTH_FAILURES_PER_MINUTE = '1000000';
process.env.AUTH_UNKNOWN_LOOKUPS_PER_MINUTE = '1000000';
// Specs fire many reads of one account at once; catalog/read-bounds, catalog/abandoned-reads and agents/mcp-amplification set their own limits.
process.env.READS_IN_FLIGHT_PER_ACCOUNT = '64';
process.env.READS_IN_FLIGHT_PER_ORGANIZATION = '64';
process.env.READS_IN_FLIGHT_PER_PROCESS = '64';
// Processes the specs start must not compete for the default metrics port (the test app's endpoint is TestApp.metrics).
process.env.METRICS_PORT = '0';
