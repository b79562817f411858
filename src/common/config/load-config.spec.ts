import { ENVIRONMENT } from './environment';
import { ConfigValidationError, ENV_KEYS, loadConfig } from './load-config';

const DEFAULTS = {
  port: 3000,
  basePath: '',
  publicOrigin: null,
  databaseUrl: 'postgres://postgres@localhost:5432/product_directory',
  redisUrl: 'redis://localhost:6379',
  worker: {
    enabled: true,
    concurrency: 2,
    batchSize: 4000,
    attempts: 5,
    lockDurationMs: 5_000,
    stalledIntervalMs: 2_500,
    reconcileIntervalMs: 30_000,
    retentionDays: 30,
    retentionIntervalMs: 3_600_000,
    batchBytes: 2_097_152,
    errorDetailsLimit: 10_000,
    searchIndexPoolShare: 0.5,
  },
  queuePrefixOverride: null,
  tokenCacheTtlMs: 5_000,
  tokenDefaultTtlDays: 90,
  rateLimitPerMinute: 1_200,
  httpRequestTimeoutMs: 300_000,
  metricsPort: 9464,
  logLevel: 'info',
  swaggerPersistAuthorization: false,
  swaggerEnabled: true,
  logFormat: 'auto',
  database: { statementTimeoutMs: 60_000, idleInTransactionTimeoutMs: 360_000 },
  replicas: { urls: [], fences: false, maxLagMs: 5_000, probeIntervalMs: 1_000 },
  authFailuresPerMinute: 30,
  authUnknownLookupsPerMinute: 600,
  authLiveTokensReloadSeconds: 300,
  trustedProxies: [],
  allowedOrigins: [],
  reads: {
    statementTimeoutMs: 5_000,
    inFlightPerAccount: 2,
    inFlightPerOrganization: 2,
    inFlightPerProcess: 12,
    waitMs: 2_000,
    waitingPerOrganization: 32,
    responseMaxBytes: 8_388_608,
  },
  catalog: {
    replaceMaxDeleteRatio: 0.5,
    productDeleteWaitMs: 5_000,
    vocabularyMaxWords: 200_000,
    rankingBudgetMs: 500,
    partitionProducts: 100_000,
  },
  uploads: { slotsPerProcess: 8, slotsPerAccount: 2, slotsPerOrganization: 4, minBytesPerSecond: 16_384, minRateWindowMs: 10_000 },
  quotas: { pendingImports: 20, pendingImportBytes: 524_288_000, products: 1_000_000 },
  webhooks: {
    allowPrivateTargets: false,
    retryBaseMs: 10_000,
    retryWindowMs: 86_400_000,
    timeoutMs: 10_000,
    relayIntervalMs: 1_000,
    secretKey: null,
    previousSecretTtlMs: 86_400_000,
  },
};

const KEY = Buffer.alloc(32, 7).toString('base64');

/** The error loadConfig throws for `env`, or a failure when it throws nothing. */
function configError(env: NodeJS.ProcessEnv): ConfigValidationError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigValidationError);
    return error as ConfigValidationError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

/** Matches `NAME:` as a variable name of its own (WORKER_ENABLED does not name ENABLED). */
const names = (variable: string) => new RegExp(`(^|[^A-Z_])${variable}:`);

describe('loadConfig', () => {
  it('reads every variable the schema declares, and no other', () => {
    expect([...ENV_KEYS].sort()).toEqual(Object.keys(ENVIRONMENT).sort());
    expect(ENV_KEYS).toHaveLength(66);
  });

  it('treats an empty PUBLIC_ORIGIN as unset, as its message says', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: '' }).publicOrigin).toBeNull();
  });

  it('applies the documented defaults to an empty environment', () => {
    expect(loadConfig({})).toEqual(DEFAULTS);
  });

  it('treats empty numeric and boolean variables as unset', () => {
    expect(loadConfig({ PORT: '', WORKER_ENABLED: '', WORKER_CONCURRENCY: '' })).toEqual(DEFAULTS);
  });

  it('ignores variables it does not define, however odd their values', () => {
    expect(loadConfig({ HOME: '/root', PORTX: 'abc', NODE_ENV: '???', WORKER: 'maybe' })).toEqual(DEFAULTS);
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '8080',
      BASE_PATH: '/api/catalog',
      PUBLIC_ORIGIN: 'https://catalog.example.com',
      DATABASE_URL: 'postgresql://user:pw@db.internal:5433/catalog',
      REDIS_URL: 'rediss://cache.internal:6380/2',
      WORKER_ENABLED: 'false',
      WORKER_CONCURRENCY: '8',
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'json',
      TOKEN_CACHE_TTL_MS: '0',
      IMPORT_BATCH_BYTES: '1048576',
      IMPORT_ERROR_DETAILS_LIMIT: '0',
    });
    expect(config).toEqual({
      ...DEFAULTS,
      port: 8080,
      basePath: '/api/catalog',
      publicOrigin: 'https://catalog.example.com',
      databaseUrl: 'postgresql://user:pw@db.internal:5433/catalog',
      redisUrl: 'rediss://cache.internal:6380/2',
      worker: { ...DEFAULTS.worker, enabled: false, concurrency: 8, batchBytes: 1_048_576, errorDetailsLimit: 0 },
      logLevel: 'debug',
      logFormat: 'json',
      tokenCacheTtlMs: 0,
    });
  });

  it('reads LOG_FORMAT; empty means auto', () => {
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: '' }).logFormat).toBe('auto');
  });

  it('reads QUEUE_PREFIX as an override of the deployment-bound prefix; empty means unset', () => {
    expect(loadConfig({ QUEUE_PREFIX: 'shared:staging' }).queuePrefixOverride).toBe('shared:staging');
    expect(loadConfig({ QUEUE_PREFIX: '' }).queuePrefixOverride).toBeNull();
  });

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ])('reads WORKER_ENABLED=%s as %s', (value, expected) => {
    expect(loadConfig({ WORKER_ENABLED: value }).worker.enabled).toBe(expected);
  });

  it('keeps Swagger UI credentials out of localStorage unless SWAGGER_PERSIST_AUTH=true', () => {
    expect(loadConfig({}).swaggerPersistAuthorization).toBe(false);
    expect(loadConfig({ SWAGGER_PERSIST_AUTH: 'true' }).swaggerPersistAuthorization).toBe(true);
    expect(configError({ SWAGGER_PERSIST_AUTH: 'yes please' }).message).toMatch(names('SWAGGER_PERSIST_AUTH'));
  });

  it('reads the retention and database timeout settings; the idle-in-transaction default follows the request timeout', () => {
    const config = loadConfig({
      IMPORT_RETENTION_DAYS: '7',
      IMPORT_RETENTION_INTERVAL_MS: '60000',
      DB_STATEMENT_TIMEOUT_MS: '0',
      HTTP_REQUEST_TIMEOUT_MS: '120000',
    });
    expect(config.worker).toMatchObject({ retentionDays: 7, retentionIntervalMs: 60_000 });
    expect(config.database).toEqual({ statementTimeoutMs: 0, idleInTransactionTimeoutMs: 180_000 });
    expect(loadConfig({ DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '5000' }).database.idleInTransactionTimeoutMs).toBe(5_000);
  });

  it.each([
    ['IMPORT_RETENTION_DAYS', '0'],
    ['IMPORT_RETENTION_DAYS', '1.5'],
    ['IMPORT_RETENTION_INTERVAL_MS', '999'],
    ['DB_STATEMENT_TIMEOUT_MS', '-1'],
    ['DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 'soon'],
  ])('refuses %s=%p', (variable, value) => {
    expect(configError({ [variable]: value }).message).toMatch(names(variable));
  });

  it('reads the fairness limits', () => {
    const config = loadConfig({
      AUTH_FAILURES_PER_MINUTE: '5',
      UPLOAD_SLOTS_PER_ACCOUNT: '3',
      UPLOAD_MIN_BYTES_PER_SECOND: '0',
      UPLOAD_MIN_RATE_WINDOW_MS: '2000',
    });
    expect(config.authFailuresPerMinute).toBe(5);
    expect(config.uploads).toEqual({
      slotsPerProcess: 8,
      slotsPerAccount: 3,
      slotsPerOrganization: 4,
      minBytesPerSecond: 0,
      minRateWindowMs: 2_000,
    });
  });

  it('reads the per-organization quotas', () => {
    const config = loadConfig({
      UPLOAD_SLOTS_PER_ORGANIZATION: '6',
      PENDING_IMPORTS_PER_ORGANIZATION: '3',
      PENDING_IMPORT_BYTES_PER_ORGANIZATION: '104857600',
      PRODUCTS_PER_ORGANIZATION: '5000',
    });
    expect(config.uploads.slotsPerOrganization).toBe(6);
    expect(config.quotas).toEqual({ pendingImports: 3, pendingImportBytes: 104_857_600, products: 5_000 });
  });

  it.each([
    ['UPLOAD_SLOTS_PER_ORGANIZATION', '0'],
    ['PENDING_IMPORTS_PER_ORGANIZATION', '0'],
    ['PENDING_IMPORT_BYTES_PER_ORGANIZATION', '52428799'],
    ['PENDING_IMPORT_BYTES_PER_ORGANIZATION', '500MiB'],
    ['PRODUCTS_PER_ORGANIZATION', '0'],
    ['PRODUCTS_PER_ORGANIZATION', 'lots'],
    ['SWAGGER_ENABLED', 'no'],
  ])('refuses %s=%p', (variable, value) => {
    expect(configError({ [variable]: value }).message).toMatch(names(variable));
  });

  it('serves Swagger UI unless SWAGGER_ENABLED=false', () => {
    expect(loadConfig({}).swaggerEnabled).toBe(true);
    expect(loadConfig({ SWAGGER_ENABLED: 'false' }).swaggerEnabled).toBe(false);
    expect(loadConfig({ SWAGGER_ENABLED: '' }).swaggerEnabled).toBe(true);
  });

  it('reads the read bounds, the allowed origins and the trusted proxies as lists', () => {
    const config = loadConfig({
      READ_STATEMENT_TIMEOUT_MS: '0',
      READS_IN_FLIGHT_PER_ACCOUNT: '2',
      READS_IN_FLIGHT_PER_ORGANIZATION: '3',
      READS_IN_FLIGHT_PER_PROCESS: '5',
      READ_WAIT_MS: '0',
      READS_WAITING_PER_ORGANIZATION: '7',
      READ_RESPONSE_MAX_BYTES: '65536',
      ALLOWED_ORIGINS: 'https://admin.example.com, http://localhost:8080',
      TRUSTED_PROXIES: '10.0.0.0/8,192.168.1.7, fd00::/8',
      AUTH_UNKNOWN_LOOKUPS_PER_MINUTE: '50',
      AUTH_LIVE_TOKENS_RELOAD_SECONDS: '1',
    });
    expect(config.reads).toEqual({
      statementTimeoutMs: 0,
      inFlightPerAccount: 2,
      inFlightPerOrganization: 3,
      inFlightPerProcess: 5,
      waitMs: 0,
      waitingPerOrganization: 7,
      responseMaxBytes: 65_536,
    });
    expect(config.allowedOrigins).toEqual(['https://admin.example.com', 'http://localhost:8080']);
    expect(config.trustedProxies).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8']);
    expect(config.authUnknownLookupsPerMinute).toBe(50);
    expect(config.authLiveTokensReloadSeconds).toBe(1);
    expect(loadConfig({ ALLOWED_ORIGINS: '', TRUSTED_PROXIES: '' })).toMatchObject({ allowedOrigins: [], trustedProxies: [] });
  });

  it.each([
    ['ALLOWED_ORIGINS', 'https://admin.example.com/path'],
    ['ALLOWED_ORIGINS', '*'],
    ['TRUSTED_PROXIES', '10.0.0.0/33'],
    ['TRUSTED_PROXIES', 'proxy.internal'],
    ['TRUSTED_PROXIES', 'fd00::/129'],
    ['READS_IN_FLIGHT_PER_ACCOUNT', '0'],
    ['READ_RESPONSE_MAX_BYTES', '1000'],
  ])('refuses %s=%p', (variable, value) => {
    expect(configError({ [variable]: value }).message).toMatch(names(variable));
  });

  it('reads the replica settings: a list of URLs (empty = none), the lag bound and the probe interval, limits included', () => {
    const config = loadConfig({
      DATABASE_REPLICA_URLS: 'postgres://db-2:5432/pds, postgresql://reader@db-3/pds',
      REPLICA_MAX_LAG_MS: '100',
      REPLICA_PROBE_INTERVAL_MS: '60000',
    });
    expect(config.replicas).toEqual({
      urls: ['postgres://db-2:5432/pds', 'postgresql://reader@db-3/pds'],
      fences: true,
      maxLagMs: 100,
      probeIntervalMs: 60_000,
    });
    expect(loadConfig({ DATABASE_REPLICA_URLS: '' }).replicas).toMatchObject({ urls: [], fences: false });
    // A writer without replicas of its own still records fences for the API processes that have some.
    expect(loadConfig({ REPLICA_FENCES: 'true' }).replicas).toMatchObject({ urls: [], fences: true });
    expect(loadConfig({ DATABASE_REPLICA_URLS: 'postgres://db-2/pds', REPLICA_FENCES: 'false' }).replicas.fences).toBe(false);
  });

  it.each([
    ['DATABASE_REPLICA_URLS', 'db-2:5432'],
    ['DATABASE_REPLICA_URLS', 'postgres://db-2/pds,mysql://db-3'],
    ['REPLICA_MAX_LAG_MS', '99'],
    ['REPLICA_MAX_LAG_MS', '3600001'],
    ['REPLICA_PROBE_INTERVAL_MS', '99'],
    ['REPLICA_PROBE_INTERVAL_MS', '60001'],
    ['REPLICA_FENCES', 'sometimes'],
  ])('refuses %s=%p', (variable, value) => {
    expect(configError({ [variable]: value }).message).toMatch(names(variable));
  });

  it('reads the catalog lifecycle settings, ratio bounds included', () => {
    expect(loadConfig({ REPLACE_MAX_DELETE_RATIO: '0.25', PRODUCT_DELETE_WAIT_MS: '250' }).catalog).toEqual({
      replaceMaxDeleteRatio: 0.25,
      productDeleteWaitMs: 250,
      vocabularyMaxWords: 200_000,
      rankingBudgetMs: 500,
      partitionProducts: 100_000,
    });
    expect(loadConfig({ REPLACE_MAX_DELETE_RATIO: '0' }).catalog.replaceMaxDeleteRatio).toBe(0);
    expect(loadConfig({ REPLACE_MAX_DELETE_RATIO: '1' }).catalog.replaceMaxDeleteRatio).toBe(1);
    expect(loadConfig({ PRODUCT_DELETE_WAIT_MS: '60000' }).catalog.productDeleteWaitMs).toBe(60_000);
    expect(loadConfig({ PRODUCT_DELETE_WAIT_MS: '1' }).catalog.productDeleteWaitMs).toBe(1);
    expect(loadConfig({ SEARCH_VOCABULARY_MAX_WORDS: '1' }).catalog.vocabularyMaxWords).toBe(1);
    expect(loadConfig({ SEARCH_VOCABULARY_MAX_WORDS: '10000000' }).catalog.vocabularyMaxWords).toBe(10_000_000);
    expect(loadConfig({ SEARCH_RANKING_BUDGET_MS: '1' }).catalog.rankingBudgetMs).toBe(1);
    expect(loadConfig({ SEARCH_RANKING_BUDGET_MS: '60000' }).catalog.rankingBudgetMs).toBe(60_000);
    expect(loadConfig({ SEARCH_PARTITION_PRODUCTS: '0' }).catalog.partitionProducts).toBe(0);
    expect(loadConfig({ SEARCH_PARTITION_PRODUCTS: '100000000' }).catalog.partitionProducts).toBe(100_000_000);
  });

  it("reads the search indexer's share of the pool", () => {
    expect(loadConfig({ SEARCH_INDEX_POOL_SHARE: '0.25' }).worker.searchIndexPoolShare).toBe(0.25);
    expect(loadConfig({ SEARCH_INDEX_POOL_SHARE: '1' }).worker.searchIndexPoolShare).toBe(1);
  });

  it('reads the webhook settings', () => {
    const config = loadConfig({
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_RETRY_BASE_MS: '200',
      WEBHOOK_RETRY_WINDOW_MS: '60000',
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_RELAY_INTERVAL_MS: '100',
      WEBHOOK_SECRET_KEY: KEY,
      WEBHOOK_PREVIOUS_SECRET_TTL_MS: '0',
    });
    expect(config.webhooks).toEqual({
      allowPrivateTargets: true,
      retryBaseMs: 200,
      retryWindowMs: 60_000,
      timeoutMs: 2_000,
      relayIntervalMs: 100,
      secretKey: Buffer.from(KEY, 'base64'),
      previousSecretTtlMs: 0,
    });
  });

  it('refuses a WEBHOOK_SECRET_KEY that is not 32 bytes of base64', () => {
    for (const value of ['short', Buffer.alloc(16).toString('base64'), Buffer.alloc(32).toString('hex')]) {
      expect(configError({ WEBHOOK_SECRET_KEY: value }).message).toContain('WEBHOOK_SECRET_KEY must be 32 bytes in base64');
    }
  });

  it('refuses to boot under NODE_ENV=production without WEBHOOK_SECRET_KEY unless plain-text secrets are asked for', () => {
    expect(configError({ NODE_ENV: 'production' }).message).toMatch(/WEBHOOK_SECRET_KEY is required when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', WEBHOOK_SECRET_KEY: KEY }).webhooks.secretKey).toHaveLength(32);
    expect(loadConfig({ NODE_ENV: 'production', WEBHOOK_SECRETS_PLAINTEXT: 'true' }).webhooks.secretKey).toBeNull();
    expect(loadConfig({ NODE_ENV: 'development' }).webhooks.secretKey).toBeNull();
  });

  it('reads TOKEN_DEFAULT_TTL_DAYS (0 = no default expiry)', () => {
    expect(loadConfig({ TOKEN_DEFAULT_TTL_DAYS: '0' }).tokenDefaultTtlDays).toBe(0);
    expect(loadConfig({ TOKEN_DEFAULT_TTL_DAYS: '30' }).tokenDefaultTtlDays).toBe(30);
    expect(configError({ TOKEN_DEFAULT_TTL_DAYS: '-1' }).message).toContain('TOKEN_DEFAULT_TTL_DAYS');
  });

  it.each([
    ['WEBHOOK_ALLOW_PRIVATE_TARGETS', 'yes'],
    ['WEBHOOK_RETRY_BASE_MS', '9'],
    ['WEBHOOK_RETRY_WINDOW_MS', '999'],
    ['WEBHOOK_TIMEOUT_MS', '60001'],
    ['WEBHOOK_RELAY_INTERVAL_MS', 'often'],
  ])('refuses %s=%p', (variable, value) => {
    expect(configError({ [variable]: value }).message).toMatch(names(variable));
  });

  it('reads the numbers as numbers, not strings', () => {
    const config = loadConfig({ PORT: '0', WORKER_CONCURRENCY: '64' });
    expect(config.port).toBe(0);
    expect(config.worker.concurrency).toBe(64);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '3000.5'],
    ['PORT', '65536'],
    ['PORT', '-1'],
    ['WORKER_ENABLED', 'maybe'],
    ['WORKER_ENABLED', 'yes'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'postgres://'],
    ['REDIS_URL', 'http://localhost:6379'],
    ['WORKER_CONCURRENCY', '0'],
    ['WORKER_CONCURRENCY', '65'],
    ['WORKER_CONCURRENCY', 'two'],
    ['BASE_PATH', 'nope'],
    ['BASE_PATH', '/api/'],
    ['BASE_PATH', '/'],
    ['PUBLIC_ORIGIN', 'catalog.example.com'],
    ['PUBLIC_ORIGIN', 'https://catalog.example.com/'],
    ['PUBLIC_ORIGIN', 'https://catalog.example.com/api'],
    ['LOG_LEVEL', 'verbose'],
    ['LOG_FORMAT', 'text'],
    ['AUTH_FAILURES_PER_MINUTE', '0'],
    ['AUTH_LIVE_TOKENS_RELOAD_SECONDS', '0'],
    ['AUTH_LIVE_TOKENS_RELOAD_SECONDS', '86401'],
    ['UPLOAD_SLOTS_PER_ACCOUNT', '0'],
    ['UPLOAD_MIN_BYTES_PER_SECOND', '-1'],
    ['UPLOAD_MIN_RATE_WINDOW_MS', '99'],
    ['QUEUE_PREFIX', 'has space'],
    ['QUEUE_PREFIX', 'x'.repeat(65)],
    ['IMPORT_BATCH_BYTES', '65535'],
    ['IMPORT_BATCH_BYTES', '4MiB'],
    ['IMPORT_ERROR_DETAILS_LIMIT', '-1'],
    ['IMPORT_ERROR_DETAILS_LIMIT', '10000001'],
    ['REPLACE_MAX_DELETE_RATIO', '1.01'],
    ['REPLACE_MAX_DELETE_RATIO', '-0.1'],
    ['REPLACE_MAX_DELETE_RATIO', 'half'],
    ['REPLACE_MAX_DELETE_RATIO', '50%'],
    ['PRODUCT_DELETE_WAIT_MS', '0'],
    ['SEARCH_INDEX_POOL_SHARE', '0'],
    ['SEARCH_INDEX_POOL_SHARE', '1.5'],
    ['SEARCH_INDEX_POOL_SHARE', 'half'],
    ['PRODUCT_DELETE_WAIT_MS', '60001'],
    ['SEARCH_VOCABULARY_MAX_WORDS', '0'],
    ['SEARCH_VOCABULARY_MAX_WORDS', '10000001'],
    ['SEARCH_VOCABULARY_MAX_WORDS', 'many'],
    ['SEARCH_RANKING_BUDGET_MS', '0'],
    ['SEARCH_RANKING_BUDGET_MS', '60001'],
    ['SEARCH_PARTITION_PRODUCTS', '-1'],
    ['SEARCH_PARTITION_PRODUCTS', '100000001'],
  ])('refuses %s=%p with a ConfigValidationError naming the variable, never its value', (variable, value) => {
    const error = configError({ [variable]: value });
    expect(error.message).toMatch(names(variable));
    expect(error.message).not.toContain(JSON.stringify(value));
  });

  it.each([
    ['DATABASE_URL', 'mysql://catalog:hunter2-db-secret@db.internal:3306/catalog'],
    ['DATABASE_URL', 'postgres//catalog:hunter2-db-secret@db.internal/catalog'],
    ['REDIS_URL', 'http://:hunter2-db-secret@cache.internal:6379'],
    // Past the scheme check, refused by the drivers' own parsers (Node's ERR_INVALID_URL would carry the URL).
    ['DATABASE_URL', 'postgres://catalog:hunter2-db-secret@db.internal:99999/catalog'],
    ['DATABASE_URL', 'postgres://catalog:hunter2-db-secret@db.internal:54x2/catalog'],
    ['DATABASE_URL', 'postgres://catalog:hunter2-db-secret@db.internal:0/catalog'],
    ['DATABASE_URL', 'postgres://catalog:hunter2-db-secret@/catalog'],
    ['REDIS_URL', 'redis://:hunter2-db-secret@cache.internal:65536'],
    ['DATABASE_REPLICA_URLS', 'postgres://db-2/pds,postgres://reader:hunter2-db-secret@db-3:99999/pds'],
    ['DATABASE_REPLICA_URLS', 'mysql://reader:hunter2-db-secret@db-3/pds'],
    ['REDIS_URL', 'redis://:hunter2-db-secret@cache internal:6379'],
    ['PUBLIC_ORIGIN', 'https://user:hunter2-db-secret@catalog.example.com'],
    ['QUEUE_PREFIX', 'hunter2-db-secret with spaces'],
  ])('never prints the password in a mistyped %s', (variable, value) => {
    const error = configError({ [variable]: value });
    expect(error.message).toMatch(names(variable));
    expect(error.message).not.toContain('hunter2');
  });

  it.each([
    ['DATABASE_URL', 'postgres://catalog:p%40ss@db.internal:65535/catalog'],
    ['DATABASE_URL', 'postgres://db.internal/catalog'],
    ['DATABASE_URL', 'postgresql://[::1]:1/catalog'],
    ['REDIS_URL', 'redis://:p%40ss@cache.internal:65535/2'],
    ['REDIS_URL', 'rediss://cache.internal'],
    ['DATABASE_REPLICA_URLS', 'postgres://reader:p%40ss@db-2:65535/pds,postgresql://db-3/pds'],
  ])('accepts %s=%p, which its driver parses', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).not.toThrow();
  });

  it('names only the bad variable when the others are fine', () => {
    const error = configError({ PORT: '8080', WORKER_ENABLED: 'maybe', WORKER_CONCURRENCY: '4', BASE_PATH: '/api' });
    expect(error.message).toMatch(names('WORKER_ENABLED'));
    for (const fine of ['PORT', 'WORKER_CONCURRENCY', 'BASE_PATH']) expect(error.message).not.toMatch(names(fine));
  });

  it('names every bad variable at once', () => {
    const error = configError({
      PORT: 'abc',
      WORKER_ENABLED: 'maybe',
      DATABASE_URL: 'mysql://x',
      WORKER_CONCURRENCY: '0',
      BASE_PATH: 'nope',
    });
    for (const variable of ['PORT', 'WORKER_ENABLED', 'DATABASE_URL', 'WORKER_CONCURRENCY', 'BASE_PATH']) {
      expect(error.message).toMatch(names(variable));
    }
  });

  it('reads process.env when given no environment', () => {
    const saved = process.env.PORT;
    process.env.PORT = '4321';
    try {
      expect(loadConfig().port).toBe(4321);
    } finally {
      if (saved === undefined) delete process.env.PORT;
      else process.env.PORT = saved;
    }
  });

  it('validates the environment it is given, not process.env', () => {
    const saved = process.env.PORT;
    process.env.PORT = 'abc';
    try {
      expect(loadConfig({}).port).toBe(3000);
    } finally {
      if (saved === undefined) delete process.env.PORT;
      else process.env.PORT = saved;
    }
  });
});
