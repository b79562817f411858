import { plainToInstance } from 'class-transformer';
import { IsOptional, validateSync } from 'class-validator';
import type { AppConfig } from './app-config';
import { ENV_KEYS, ENVIRONMENT, type Environment } from './environment';

export { ENV_KEYS } from './environment';

export class ConfigValidationError extends Error {}

/** What class-validator checks: one property per variable, carrying the decorators its declaration gives. */
class EnvironmentInput {}
for (const [name, variable] of Object.entries(ENVIRONMENT)) {
  // Applied bottom-up, as TypeScript applies decorators written above a property.
  for (const decorate of [IsOptional(), ...variable.decorators(name)].reverse()) decorate(EnvironmentInput.prototype, name);
}

/**
 * Validates an environment and turns it into AppConfig. The only place that reads process.env;
 * a bad value stops boot with a message naming the variable, never its value (a mistyped URL
 * may hold a password, and boot errors end up in logs).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const input = plainToInstance(EnvironmentInput, pickDefined(env), { exposeDefaultValues: false }) as Record<string, unknown>;
  const errors = validateSync(input, { forbidUnknownValues: false });
  if (errors.length > 0) {
    const details = errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`).join('\n  ');
    throw new ConfigValidationError(`Invalid configuration:\n  ${details}`);
  }
  const values = withDefaults(input);
  if (!values.WEBHOOK_SECRET_KEY && values.NODE_ENV === 'production' && !values.WEBHOOK_SECRETS_PLAINTEXT) {
    throw new ConfigValidationError(
      'Invalid configuration:\n  WEBHOOK_SECRET_KEY is required when NODE_ENV=production (openssl rand -base64 32), ' +
        'or set WEBHOOK_SECRETS_PLAINTEXT=true to store webhook secrets in plain text',
    );
  }
  return appConfigOf(values);
}

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
    trustedProxies: env.TRUSTED_PROXIES,
    allowedOrigins: env.ALLOWED_ORIGINS,
    reads: {
      statementTimeoutMs: env.READ_STATEMENT_TIMEOUT_MS,
      inFlightPerAccount: env.READS_IN_FLIGHT_PER_ACCOUNT,
      responseMaxBytes: env.READ_RESPONSE_MAX_BYTES,
    },
    catalog: {
      replaceMaxDeleteRatio: env.REPLACE_MAX_DELETE_RATIO,
      productDeleteWaitMs: env.PRODUCT_DELETE_WAIT_MS,
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

/** The validated values, each unset one at its default (those computed from others last). */
function withDefaults(input: Record<string, unknown>): Environment {
  const values: Record<string, unknown> = {};
  const computed: string[] = [];
  for (const [name, variable] of Object.entries(ENVIRONMENT)) {
    if (input[name] !== undefined) values[name] = input[name];
    else if (typeof variable.fallback === 'function') computed.push(name);
    else values[name] = variable.fallback;
  }
  for (const name of computed) values[name] = (ENVIRONMENT[name as keyof typeof ENVIRONMENT].fallback as (env: object) => unknown)(values);
  return values as Environment;
}
