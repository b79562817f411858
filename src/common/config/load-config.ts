import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { AppConfig } from './app-config';
import { Environment } from './environment';

export class ConfigValidationError extends Error {}

/**
 * Validates an environment and turns it into AppConfig. The only place that reads process.env;
 * a bad value stops boot with a message naming the variable, never its value (a mistyped URL
 * may hold a password, and boot errors end up in logs).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const input = plainToInstance(Environment, pickDefined(env), { exposeDefaultValues: false });
  const errors = validateSync(input, { forbidUnknownValues: false });
  if (errors.length > 0) {
    const details = errors
      .map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`)
      .join('\n  ');
    throw new ConfigValidationError(`Invalid configuration:\n  ${details}`);
  }
  if (!input.WEBHOOK_SECRET_KEY && input.NODE_ENV === 'production' && input.WEBHOOK_SECRETS_PLAINTEXT !== true) {
    throw new ConfigValidationError(
      'Invalid configuration:\n  WEBHOOK_SECRET_KEY is required when NODE_ENV=production (openssl rand -base64 32), ' +
        'or set WEBHOOK_SECRETS_PLAINTEXT=true to store webhook secrets in plain text',
    );
  }
  return {
    port: input.PORT ?? 3000,
    basePath: input.BASE_PATH ?? '',
    publicOrigin: input.PUBLIC_ORIGIN || null,
    databaseUrl: input.DATABASE_URL ?? 'postgres://postgres@localhost:5432/product_directory',
    redisUrl: input.REDIS_URL ?? 'redis://localhost:6379',
    worker: {
      enabled: input.WORKER_ENABLED ?? true,
      concurrency: input.WORKER_CONCURRENCY ?? 2,
      batchSize: input.IMPORT_BATCH_SIZE ?? 1000,
      attempts: input.IMPORT_ATTEMPTS ?? 5,
      lockDurationMs: input.QUEUE_LOCK_DURATION_MS ?? 5_000,
      stalledIntervalMs: input.QUEUE_STALLED_INTERVAL_MS ?? 2_500,
      reconcileIntervalMs: input.RECONCILE_INTERVAL_MS ?? 30_000,
      retentionDays: input.IMPORT_RETENTION_DAYS ?? 30,
      retentionIntervalMs: input.IMPORT_RETENTION_INTERVAL_MS ?? 3_600_000,
      batchBytes: input.IMPORT_BATCH_BYTES ?? 2_097_152,
      errorDetailsLimit: input.IMPORT_ERROR_DETAILS_LIMIT ?? 10_000,
      searchIndexPoolShare: input.SEARCH_INDEX_POOL_SHARE ?? 0.5,
    },
    queuePrefixOverride: input.QUEUE_PREFIX ?? null,
    tokenCacheTtlMs: input.TOKEN_CACHE_TTL_MS ?? 5_000,
    tokenDefaultTtlDays: input.TOKEN_DEFAULT_TTL_DAYS ?? 90,
    rateLimitPerMinute: input.RATE_LIMIT_PER_MINUTE ?? 1_200,
    httpRequestTimeoutMs: input.HTTP_REQUEST_TIMEOUT_MS ?? 300_000,
    metricsPort: input.METRICS_PORT ?? 9464,
    logLevel: input.LOG_LEVEL ?? 'info',
    swaggerPersistAuthorization: input.SWAGGER_PERSIST_AUTH ?? false,
    swaggerEnabled: input.SWAGGER_ENABLED ?? true,
    logFormat: input.LOG_FORMAT ?? 'auto',
    authFailuresPerMinute: input.AUTH_FAILURES_PER_MINUTE ?? 30,
    authUnknownLookupsPerMinute: input.AUTH_UNKNOWN_LOOKUPS_PER_MINUTE ?? 600,
    trustedProxies: input.TRUSTED_PROXIES ?? [],
    allowedOrigins: input.ALLOWED_ORIGINS ?? [],
    reads: {
      statementTimeoutMs: input.READ_STATEMENT_TIMEOUT_MS ?? 5_000,
      inFlightPerAccount: input.READS_IN_FLIGHT_PER_ACCOUNT ?? 4,
      responseMaxBytes: input.READ_RESPONSE_MAX_BYTES ?? 8_388_608,
    },
    catalog: {
      replaceMaxDeleteRatio: input.REPLACE_MAX_DELETE_RATIO ?? 0.5,
      productDeleteWaitMs: input.PRODUCT_DELETE_WAIT_MS ?? 5_000,
    },
    uploads: {
      slotsPerProcess: 8,
      slotsPerAccount: input.UPLOAD_SLOTS_PER_ACCOUNT ?? 2,
      slotsPerOrganization: input.UPLOAD_SLOTS_PER_ORGANIZATION ?? 4,
      minBytesPerSecond: input.UPLOAD_MIN_BYTES_PER_SECOND ?? 16_384,
      minRateWindowMs: input.UPLOAD_MIN_RATE_WINDOW_MS ?? 10_000,
    },
    quotas: {
      pendingImports: input.PENDING_IMPORTS_PER_ORGANIZATION ?? 20,
      pendingImportBytes: input.PENDING_IMPORT_BYTES_PER_ORGANIZATION ?? 524_288_000,
      products: input.PRODUCTS_PER_ORGANIZATION ?? 1_000_000,
    },
    webhooks: {
      allowPrivateTargets: input.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? false,
      retryBaseMs: input.WEBHOOK_RETRY_BASE_MS ?? 10_000,
      retryWindowMs: input.WEBHOOK_RETRY_WINDOW_MS ?? 86_400_000,
      timeoutMs: input.WEBHOOK_TIMEOUT_MS ?? 10_000,
      relayIntervalMs: input.WEBHOOK_RELAY_INTERVAL_MS ?? 1_000,
      secretKey: input.WEBHOOK_SECRET_KEY ? Buffer.from(input.WEBHOOK_SECRET_KEY, 'base64') : null,
      previousSecretTtlMs: input.WEBHOOK_PREVIOUS_SECRET_TTL_MS ?? 86_400_000,
    },
    database: {
      statementTimeoutMs: input.DB_STATEMENT_TIMEOUT_MS ?? 60_000,
      // An upload's transaction waits for the client between chunks: never cut it before the request timeout does.
      idleInTransactionTimeoutMs: input.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS ?? (input.HTTP_REQUEST_TIMEOUT_MS ?? 300_000) + 60_000,
    },
  };
}

/** Only the variables this service defines, so unrelated environment entries are never validated. */
function pickDefined(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of ENV_KEYS) {
    const value = env[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** Every variable the service reads (the Environment class validates each). */
export const ENV_KEYS = [
  'PORT',
  'BASE_PATH',
  'PUBLIC_ORIGIN',
  'DATABASE_URL',
  'REDIS_URL',
  'WORKER_ENABLED',
  'WORKER_CONCURRENCY',
  'LOG_LEVEL',
  'LOG_FORMAT',
  'IMPORT_BATCH_SIZE',
  'IMPORT_ATTEMPTS',
  'QUEUE_LOCK_DURATION_MS',
  'QUEUE_STALLED_INTERVAL_MS',
  'RECONCILE_INTERVAL_MS',
  'QUEUE_PREFIX',
  'TOKEN_CACHE_TTL_MS',
  'RATE_LIMIT_PER_MINUTE',
  'HTTP_REQUEST_TIMEOUT_MS',
  'METRICS_PORT',
  'IMPORT_RETENTION_DAYS',
  'IMPORT_RETENTION_INTERVAL_MS',
  'DB_STATEMENT_TIMEOUT_MS',
  'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS',
  'IMPORT_BATCH_BYTES',
  'IMPORT_ERROR_DETAILS_LIMIT',
  'AUTH_FAILURES_PER_MINUTE',
  'UPLOAD_SLOTS_PER_ACCOUNT',
  'UPLOAD_SLOTS_PER_ORGANIZATION',
  'PENDING_IMPORTS_PER_ORGANIZATION',
  'PENDING_IMPORT_BYTES_PER_ORGANIZATION',
  'PRODUCTS_PER_ORGANIZATION',
  'UPLOAD_MIN_BYTES_PER_SECOND',
  'UPLOAD_MIN_RATE_WINDOW_MS',
  'SWAGGER_PERSIST_AUTH',
  'SWAGGER_ENABLED',
  'REPLACE_MAX_DELETE_RATIO',
  'PRODUCT_DELETE_WAIT_MS',
  'SEARCH_INDEX_POOL_SHARE',
  'WEBHOOK_ALLOW_PRIVATE_TARGETS',
  'WEBHOOK_RETRY_BASE_MS',
  'WEBHOOK_RETRY_WINDOW_MS',
  'WEBHOOK_TIMEOUT_MS',
  'WEBHOOK_RELAY_INTERVAL_MS',
  'READ_STATEMENT_TIMEOUT_MS',
  'READS_IN_FLIGHT_PER_ACCOUNT',
  'READ_RESPONSE_MAX_BYTES',
  'ALLOWED_ORIGINS',
  'TRUSTED_PROXIES',
  'AUTH_UNKNOWN_LOOKUPS_PER_MINUTE',
  'TOKEN_DEFAULT_TTL_DAYS',
  'WEBHOOK_SECRET_KEY',
  'WEBHOOK_SECRETS_PLAINTEXT',
  'WEBHOOK_PREVIOUS_SECRET_TTL_MS',
  'NODE_ENV',
] as const;
