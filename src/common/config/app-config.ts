/* eslint-disable @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type --
   the class is the injection token, the interface of the same name gives it the shape appConfigOf() builds */
import type { Environment } from './environment';

/**
 * Typed, validated configuration, injected wherever settings are needed and built only by
 * loadConfig(). Its shape is appConfigOf()'s result; each setting is documented where its
 * variable is declared (environment.ts).
 */
export abstract class AppConfig {}

export interface AppConfig extends ReturnType<typeof appConfigOf> {}

/** The settings as the code uses them, grouped by concern; what each means is documented in environment.ts. */
export function appConfigOf(env: Environment) {
  return {
    port: env.PORT,
    basePath: env.BASE_PATH,
    publicOrigin: env.PUBLIC_ORIGIN,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    worker: {
      enabled: env.WORKER_ENABLED,
      concurrency: env.WORKER_CONCURRENCY,
      batchSize: env.IMPORT_BATCH_SIZE,
      attempts: env.IMPORT_ATTEMPTS,
      lockDurationMs: env.QUEUE_LOCK_DURATION_MS,
      stalledIntervalMs: env.QUEUE_STALLED_INTERVAL_MS,
      reconcileIntervalMs: env.RECONCILE_INTERVAL_MS,
      retentionDays: env.IMPORT_RETENTION_DAYS,
      retentionIntervalMs: env.IMPORT_RETENTION_INTERVAL_MS,
      batchBytes: env.IMPORT_BATCH_BYTES,
      errorDetailsLimit: env.IMPORT_ERROR_DETAILS_LIMIT,
      searchIndexPoolShare: env.SEARCH_INDEX_POOL_SHARE,
    },
    /** Null: the queue prefix is derived from the database's deployment id (QueueNamespace.prefix is the one in use). */
    queuePrefixOverride: env.QUEUE_PREFIX,
    tokenCacheTtlMs: env.TOKEN_CACHE_TTL_MS,
    tokenDefaultTtlDays: env.TOKEN_DEFAULT_TTL_DAYS,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    httpRequestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
    metricsPort: env.METRICS_PORT,
    logLevel: env.LOG_LEVEL,
    swaggerPersistAuthorization: env.SWAGGER_PERSIST_AUTH,
    swaggerEnabled: env.SWAGGER_ENABLED,
    logFormat: env.LOG_FORMAT,
    authFailuresPerMinute: env.AUTH_FAILURES_PER_MINUTE,
    authUnknownLookupsPerMinute: env.AUTH_UNKNOWN_LOOKUPS_PER_MINUTE,
    authLiveTokensReloadSeconds: env.AUTH_LIVE_TOKENS_RELOAD_SECONDS,
    trustedProxies: env.TRUSTED_PROXIES,
    allowedOrigins: env.ALLOWED_ORIGINS,
    reads: {
      statementTimeoutMs: env.READ_STATEMENT_TIMEOUT_MS,
      inFlightPerAccount: env.READS_IN_FLIGHT_PER_ACCOUNT,
      inFlightPerOrganization: env.READS_IN_FLIGHT_PER_ORGANIZATION,
      inFlightPerProcess: env.READS_IN_FLIGHT_PER_PROCESS,
      waitMs: env.READ_WAIT_MS,
      waitingPerOrganization: env.READS_WAITING_PER_ORGANIZATION,
      responseMaxBytes: env.READ_RESPONSE_MAX_BYTES,
    },
    catalog: {
      replaceMaxDeleteRatio: env.REPLACE_MAX_DELETE_RATIO,
      productDeleteWaitMs: env.PRODUCT_DELETE_WAIT_MS,
      vocabularyMaxWords: env.SEARCH_VOCABULARY_MAX_WORDS,
      rankingBudgetMs: env.SEARCH_RANKING_BUDGET_MS,
      partitionProducts: env.SEARCH_PARTITION_PRODUCTS,
    },
    uploads: {
      /** Not an environment setting: the database pool is sized from it (src/database/pool-size.ts). */
      slotsPerProcess: 8,
      slotsPerAccount: env.UPLOAD_SLOTS_PER_ACCOUNT,
      slotsPerOrganization: env.UPLOAD_SLOTS_PER_ORGANIZATION,
      minBytesPerSecond: env.UPLOAD_MIN_BYTES_PER_SECOND,
      minRateWindowMs: env.UPLOAD_MIN_RATE_WINDOW_MS,
    },
    quotas: {
      pendingImports: env.PENDING_IMPORTS_PER_ORGANIZATION,
      pendingImportBytes: env.PENDING_IMPORT_BYTES_PER_ORGANIZATION,
      products: env.PRODUCTS_PER_ORGANIZATION,
    },
    webhooks: {
      allowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      retryBaseMs: env.WEBHOOK_RETRY_BASE_MS,
      retryWindowMs: env.WEBHOOK_RETRY_WINDOW_MS,
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
      relayIntervalMs: env.WEBHOOK_RELAY_INTERVAL_MS,
      /** Null: secrets are stored in plain text. */
      secretKey: env.WEBHOOK_SECRET_KEY ? Buffer.from(env.WEBHOOK_SECRET_KEY, 'base64') : null,
      previousSecretTtlMs: env.WEBHOOK_PREVIOUS_SECRET_TTL_MS,
    },
    database: {
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    replicas: {
      urls: env.DATABASE_REPLICA_URLS,
      fences: env.REPLICA_FENCES,
      maxLagMs: env.REPLICA_MAX_LAG_MS,
      probeIntervalMs: env.REPLICA_PROBE_INTERVAL_MS,
    },
  };
}
