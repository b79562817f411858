import { Transform } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, Min, Validate } from 'class-validator';
import { CidrConstraint } from './cidr';

const toBoolean = ({ value }: { value: unknown }): unknown => {
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
};

const toInt = ({ value }: { value: unknown }): unknown =>
  value === undefined || value === '' ? undefined : /^-?\d+$/.test(String(value)) ? Number(value) : value;

/** A comma-separated list; empty entries dropped. */
const toList = ({ value }: { value: unknown }): unknown =>
  value === undefined || value === ''
    ? undefined
    : String(value)
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');

const toDecimal = ({ value }: { value: unknown }): unknown =>
  value === undefined || value === '' ? undefined : /^\d+(\.\d+)?$/.test(String(value)) ? Number(value) : value;

const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;

/** The environment variables the service reads (DESIGN.md §9), validated once at boot. */
export class Environment {
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT?: number;

  @IsOptional()
  @IsString()
  @Matches(/^(\/[A-Za-z0-9._~-]+)*$/, {
    message: 'BASE_PATH must be empty or a path like /api/catalog (no trailing slash)',
  })
  BASE_PATH?: string;

  @IsOptional()
  @Matches(ORIGIN, {
    message: 'PUBLIC_ORIGIN must be empty or an origin like https://catalog.example.com (no path, no trailing slash)',
  })
  PUBLIC_ORIGIN?: string;

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  @IsOptional()
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL?: string;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'WORKER_ENABLED must be true or false' })
  WORKER_ENABLED?: boolean;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'SWAGGER_PERSIST_AUTH must be true or false' })
  SWAGGER_PERSIST_AUTH?: boolean;

  /** false: no Swagger UI at /docs and no /docs-json (the committed openapi.json stays the reference). */
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'SWAGGER_ENABLED must be true or false' })
  SWAGGER_ENABLED?: boolean;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  WORKER_CONCURRENCY?: number;

  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL?: string;

  /** json: one JSON object per line; pretty: pino-pretty for people; auto: pretty iff stdout is a terminal. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @IsIn(['json', 'pretty', 'auto'], { message: 'LOG_FORMAT must be json, pretty or auto' })
  LOG_FORMAT?: 'json' | 'pretty' | 'auto';

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10_000)
  IMPORT_BATCH_SIZE?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  IMPORT_ATTEMPTS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  QUEUE_LOCK_DURATION_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  QUEUE_STALLED_INTERVAL_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(100)
  RECONCILE_INTERVAL_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(60_000)
  TOKEN_CACHE_TTL_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  RATE_LIMIT_PER_MINUTE?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  HTTP_REQUEST_TIMEOUT_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT?: number;

  /** A batch also ends once its elements reach this many bytes (README "Import limits"). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(65_536)
  @Max(268_435_456)
  IMPORT_BATCH_BYTES?: number;

  /** Failed elements of a job whose error details are kept; 0 keeps none (counters stay exact). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(10_000_000)
  IMPORT_ERROR_DETAILS_LIMIT?: number;

  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @IsString()
  @Matches(/^[A-Za-z0-9:_-]{1,64}$/, { message: 'QUEUE_PREFIX must be 1-64 of [A-Za-z0-9:_-]' })
  QUEUE_PREFIX?: string;
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(36_500)
  IMPORT_RETENTION_DAYS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(86_400_000)
  IMPORT_RETENTION_INTERVAL_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(86_400_000)
  DB_STATEMENT_TIMEOUT_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(86_400_000)
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  AUTH_FAILURES_PER_MINUTE?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  UPLOAD_SLOTS_PER_ACCOUNT?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(64)
  UPLOAD_SLOTS_PER_ORGANIZATION?: number;

  /** Unfinished import jobs one organization may have; uploads beyond are refused with 429. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  PENDING_IMPORTS_PER_ORGANIZATION?: number;

  /** Bytes of unfinished imports' files one organization may keep in PostgreSQL (at least one 50 MiB file). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(52_428_800)
  @Max(1_099_511_627_776)
  PENDING_IMPORT_BYTES_PER_ORGANIZATION?: number;

  /** Products one organization may store; an import's new products beyond it fail. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000_000)
  PRODUCTS_PER_ORGANIZATION?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(1_073_741_824)
  UPLOAD_MIN_BYTES_PER_SECOND?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(600_000)
  UPLOAD_MIN_RATE_WINDOW_MS?: number;

  /** A replace import deleting more than this share of the catalog needs allow_mass_delete=true. */
  @IsOptional()
  @Transform(toDecimal)
  @IsNumber({}, { message: 'REPLACE_MAX_DELETE_RATIO must be a decimal number from 0 to 1' })
  @Min(0)
  @Max(1)
  REPLACE_MAX_DELETE_RATIO?: number;

  /** Share of the database pool the search indexer may hold at once (at least one connection). */
  @IsOptional()
  @Transform(toDecimal)
  @IsNumber({}, { message: 'SEARCH_INDEX_POOL_SHARE must be a decimal number from 0.01 to 1' })
  @Min(0.01)
  @Max(1)
  SEARCH_INDEX_POOL_SHARE?: number;

  /** How long DELETE /v1/catalogs/products/{id} waits for a running import of the organization before 409. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(60_000)
  PRODUCT_DELETE_WAIT_MS?: number;
  /** Lets webhook URLs resolve to loopback/private/link-local addresses (tests, private deployments). */
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'WEBHOOK_ALLOW_PRIVATE_TARGETS must be true or false' })
  WEBHOOK_ALLOW_PRIVATE_TARGETS?: boolean;

  /** First retry delay of a failed webhook delivery; each next one doubles (capped at 1 h). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(10)
  @Max(3_600_000)
  WEBHOOK_RETRY_BASE_MS?: number;

  /** A webhook delivery still failing this long after its event is marked failed. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  @Max(604_800_000)
  WEBHOOK_RETRY_WINDOW_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(100)
  @Max(60_000)
  WEBHOOK_TIMEOUT_MS?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(50)
  @Max(600_000)
  WEBHOOK_RELAY_INTERVAL_MS?: number;

  /** Statements of a read route (REST GET, UCP, MCP tool call) are cancelled after this (0 = only DB_STATEMENT_TIMEOUT_MS). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(600_000)
  READ_STATEMENT_TIMEOUT_MS?: number;

  /** Read requests (and MCP tool calls) one account may have running in one API process; 429 beyond. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000)
  READS_IN_FLIGHT_PER_ACCOUNT?: number;

  /** The largest answer a read sends; a bigger one is refused (ask for fewer). */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(65_536)
  @Max(268_435_456)
  READ_RESPONSE_MAX_BYTES?: number;

  /** Origins (scheme://host[:port]) besides the service's own whose browser pages may write. */
  @IsOptional()
  @Transform(toList)
  @IsArray({ message: 'ALLOWED_ORIGINS must be a comma-separated list of origins' })
  @Matches(ORIGIN, { each: true, message: 'ALLOWED_ORIGINS must list origins like https://admin.example.com (no path, no trailing slash)' })
  ALLOWED_ORIGINS?: string[];

  /** Peers (CIDR list) whose X-Forwarded-For is believed when naming the client's address. */
  @IsOptional()
  @Transform(toList)
  @IsArray({ message: 'TRUSTED_PROXIES must be a comma-separated list of addresses or CIDR blocks' })
  @Validate(CidrConstraint, { each: true })
  TRUSTED_PROXIES?: string[];

  /** Failed lookups of unknown credentials per API process per minute, all addresses together, before 429. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  AUTH_UNKNOWN_LOOKUPS_PER_MINUTE?: number;

  /** Days a new token is valid unless its creator sets --expires-at or --no-expiry; 0 = new tokens never expire. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(3650)
  TOKEN_DEFAULT_TTL_DAYS?: number;

  /** AES-256-GCM key (32 bytes, base64) encrypting webhook signing secrets at rest. */
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @Matches(/^[A-Za-z0-9+/]{43}=$/, { message: 'WEBHOOK_SECRET_KEY must be 32 bytes in base64 (openssl rand -base64 32)' })
  WEBHOOK_SECRET_KEY?: string;

  /** Without WEBHOOK_SECRET_KEY, NODE_ENV=production refuses to boot unless this says plain-text secrets are intended. */
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'WEBHOOK_SECRETS_PLAINTEXT must be true or false' })
  WEBHOOK_SECRETS_PLAINTEXT?: boolean;

  /** After rotate-secret, how long deliveries are still signed with the previous secret as well. */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(2_592_000_000)
  WEBHOOK_PREVIOUS_SECRET_TTL_MS?: number;

  /** Read only to decide whether WEBHOOK_SECRET_KEY is required. */
  @IsOptional()
  @IsString()
  NODE_ENV?: string;
}
