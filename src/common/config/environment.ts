import { CidrConstraint } from './cidr';
import { PostgresUrlEachConstraint } from './driver-url';
import { decimal, flag, int, list, oneOf, text, type EnvVariable } from './env-variable';

const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/;

/**
 * Every environment variable the service reads, each declared once: how it is parsed and checked,
 * its default and its documentation line. The validated type (Environment), the list of names
 * (ENV_KEYS) and the table of docs/configuration.md (`npm run docs:config`) are derived from it.
 */
export const ENVIRONMENT = {
  PORT: int({ min: 0, max: 65_535, fallback: 3000, doc: 'HTTP port' }),
  BASE_PATH: text({
    accepts: '`/segment[/segment…]`, no trailing slash',
    pattern: /^(\/[A-Za-z0-9._~-]+)*$/,
    message: 'BASE_PATH must be empty or a path like /api/catalog (no trailing slash)',
    fallback: '',
    doc: 'path prefix of every API route and of `/docs`; `/health/*` stays at the root',
  }),
  PUBLIC_ORIGIN: text({
    accepts: '`https://host[:port]`',
    pattern: ORIGIN,
    message: 'PUBLIC_ORIGIN must be empty or an origin like https://catalog.example.com (no path, no trailing slash)',
    blankIsUnset: true,
    fallback: null,
    doc: "`https://host[:port]` clients reach the API at; `/.well-known/ucp` advertises `PUBLIC_ORIGIN` + `BASE_PATH` + `/ucp` and `/mcp` (`Cache-Control: public, max-age=300`). Empty: the protocol and `Host` of each request, answered `Cache-Control: private` and `Vary: Host` so no shared cache hands one client's `Host` to another, and a warning is logged at boot; set it in production (always behind a TLS-terminating proxy)",
  }),
  DATABASE_URL: text({
    accepts: '`postgres://` URL',
    pattern: /^postgres(ql)?:\/\/.+/,
    message: 'DATABASE_URL must be a postgres:// URL',
    driverUrl: 'postgres',
    fallback: 'postgres://postgres@localhost:5432/product_directory',
    doc: "created if missing; migrations run at start. Parsed at boot by the driver's own parser: one it would refuse (a port outside 1–65535, no host) stops boot with a message naming the variable, never the URL",
  }),
  REDIS_URL: text({
    accepts: '`redis://` or `rediss://` URL',
    pattern: /^rediss?:\/\/.+/,
    message: 'REDIS_URL must be a redis:// URL',
    driverUrl: 'redis',
    fallback: 'redis://localhost:6379',
    doc: 'Bull queue transport',
  }),
  WORKER_ENABLED: flag({ fallback: true, doc: '`dist/main.js` also runs the import worker' }),
  WORKER_CONCURRENCY: int({ min: 1, max: 64, fallback: 2, doc: 'imports processed at once per worker process' }),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    fallback: 'info',
    doc: '`fatal` … `trace`, or `silent`',
  }),
  SWAGGER_ENABLED: flag({
    fallback: true,
    doc: '`false`: no Swagger UI at `/docs` and no `/docs-json` (both answer 404); the committed `openapi.json` documents the API either way',
  }),
  SWAGGER_PERSIST_AUTH: flag({
    fallback: false,
    doc: '`true`: Swagger UI (`/docs`) keeps the credentials entered under "Authorize" in the browser\'s `localStorage`, in plain text, across reloads',
  }),
  LOG_FORMAT: oneOf(['json', 'pretty', 'auto'], {
    blankIsUnset: true,
    message: 'LOG_FORMAT must be json, pretty or auto',
    fallback: 'auto',
    doc: '`json` (one object per line), `pretty` (pino-pretty: time, level, `[context]`, `GET /path 200 3 ms`) or `auto` = pretty when stdout is a terminal; the Dockerfile sets `json`',
  }),
  IMPORT_BATCH_SIZE: int({
    min: 1,
    max: 10_000,
    fallback: 4000,
    doc: 'product-sized elements (≥ 20 bytes) per apply-pass transaction (1–10,000); realistic products reach `IMPORT_BATCH_BYTES` first (about 1,800 of 900 bytes), tiny ones this count',
  }),
  IMPORT_BATCH_BYTES: int({
    min: 65_536,
    max: 268_435_456,
    fallback: 2_097_152,
    doc: "a batch also ends once its elements' bytes, plus 256 per element, reach this (65,536–268,435,456); see [imports.md](imports.md#import-limits)",
  }),
  IMPORT_ERROR_DETAILS_LIMIT: int({
    min: 0,
    max: 10_000_000,
    fallback: 10_000,
    doc: 'failed elements per job whose error details are stored and listed by `/errors` (0–10,000,000; 0 = none); later failures are only counted',
  }),
  IMPORT_ATTEMPTS: int({
    min: 1,
    max: 100,
    fallback: 5,
    doc: 'deliveries in a row without progress (no batch committed; crashed ones included, counted in PostgreSQL) before a job fails with `internal`',
  }),
  QUEUE_LOCK_DURATION_MS: int({
    min: 1000,
    fallback: 5_000,
    doc: "Bull job lock (renewed every half): a dead worker's job is free again after at most this",
  }),
  QUEUE_STALLED_INTERVAL_MS: int({
    min: 1000,
    fallback: 2_500,
    doc: 'how often each worker re-queues jobs whose lock expired (dead workers)',
  }),
  IMPORT_RETENTION_DAYS: int({
    min: 1,
    max: 36_500,
    fallback: 30,
    doc: 'finished jobs (`done`/`failed`) completed longer ago than this are deleted with their error rows; the catalog is not touched',
  }),
  IMPORT_RETENTION_INTERVAL_MS: int({
    min: 1000,
    max: 86_400_000,
    fallback: 3_600_000,
    doc: 'how often each worker runs the retention sweep (also once at start; one worker at a time)',
  }),
  DB_STATEMENT_TIMEOUT_MS: int({
    min: 0,
    max: 86_400_000,
    fallback: 60_000,
    doc: 'PostgreSQL cancels a statement of the service running longer (`503 unavailable`); 0 = off. Migrations run without it',
  }),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: int({
    min: 0,
    max: 86_400_000,
    // An upload's transaction waits for the client between chunks: never cut it before the request timeout does.
    fallback: (env) => (env.HTTP_REQUEST_TIMEOUT_MS as number) + 60_000,
    shownDefault: 'HTTP_REQUEST_TIMEOUT_MS + 60000',
    doc: 'PostgreSQL ends a session idle inside a transaction this long (a frozen process cannot hold locks forever); longer than any upload, whose transaction waits for the client between chunks; 0 = off',
  }),
  DATABASE_REPLICA_URLS: list({
    accepts: 'comma-separated `postgres://` URLs',
    message: 'DATABASE_REPLICA_URLS must be a comma-separated list of postgres:// URLs',
    each: { constraint: PostgresUrlEachConstraint },
    fallback: [],
    doc: "streaming replicas of `DATABASE_URL` (same database name) that serve searches, facets, product reads, UCP and MCP catalog tools; job status, reports, errors, webhooks and every write stay on the primary, and a read never runs on a replica that has not replayed its organization's last write (`REPLICA_FENCES`). Empty: every read on the primary. See [operations.md](operations.md#read-replicas)",
  }),
  REPLICA_FENCES: flag({
    fallback: (env) => (env.DATABASE_REPLICA_URLS as string[]).length > 0,
    shownDefault: '`true` when `DATABASE_REPLICA_URLS` is set',
    doc: "record, per organization in Redis, the primary's WAL position after each write a reader must see (write routes, an import's last transaction, search indexing), so replica reads never go behind them. Every process that writes needs it when any API process reads from replicas: set it to `true` on API and worker processes that have no `DATABASE_REPLICA_URLS` of their own",
  }),
  REPLICA_MAX_LAG_MS: int({
    min: 100,
    max: 3_600_000,
    fallback: 5_000,
    doc: 'a replica whose replay is further behind the primary than this serves no read (they go to another replica or the primary)',
  }),
  REPLICA_PROBE_INTERVAL_MS: int({
    min: 100,
    max: 60_000,
    fallback: 1_000,
    doc: "how often each API process measures every replica's replay position and lag (one short query each, and one on the primary); a replica that does not answer is skipped until a probe succeeds",
  }),
  RECONCILE_INTERVAL_MS: int({ min: 100, fallback: 30_000, doc: 'how often unfinished jobs missing from Redis are re-enqueued' }),
  QUEUE_PREFIX: text({
    accepts: '1–64 of `[A-Za-z0-9:_-]`',
    pattern: /^[A-Za-z0-9:_-]{1,64}$/,
    message: 'QUEUE_PREFIX must be 1-64 of [A-Za-z0-9:_-]',
    blankIsUnset: true,
    fallback: null,
    shownDefault: 'pds:<deployment id>',
    doc: "Redis key prefix of the queue (1–64 of `[A-Za-z0-9:_-]`; empty = unset). By default it contains the id of the database's deployment, see [operations.md](operations.md#sharing-one-redis-between-deployments)",
  }),
  TOKEN_CACHE_TTL_MS: int({
    min: 0,
    max: 60_000,
    fallback: 5_000,
    doc: "how long a verified token is trusted without asking PostgreSQL. `tokens revoke` and `accounts disable`/`enable` take effect at once in every API process (PostgreSQL `NOTIFY` from the CLI's transaction; the command returns once every process confirmed); this TTL bounds staleness only while a process's listener is disconnected (0 = always ask)",
  }),
  RATE_LIMIT_PER_MINUTE: int({
    min: 1,
    max: 1_000_000,
    fallback: 1_200,
    doc: 'requests per account per minute, all routes and all API processes together (fixed window counted in Redis under `<queue prefix>:rate-limit:`, so deployments sharing a Redis keep separate counters), before `429 rate_limited` (with `Retry-After`). While Redis is unreachable each process counts on its own (`rate_limit_fallbacks_total`)',
  }),
  AUTH_FAILURES_PER_MINUTE: int({
    min: 1,
    max: 1_000_000,
    fallback: 30,
    doc: 'failed authentications (401) per client address (an IPv6 address counts with its /64) per minute, per process, before `429 rate_limited`; checked before any database work; credentials of a live token (see `AUTH_LIVE_TOKENS_RELOAD_SECONDS`) are never limited',
  }),
  AUTH_UNKNOWN_LOOKUPS_PER_MINUTE: int({
    min: 1,
    max: 1_000_000,
    fallback: 600,
    doc: 'lookups of credentials of no known live token, per process per minute, all addresses together, before `429 rate_limited` for such credentials (those of live tokens still pass): bounds what guessing from many addresses costs PostgreSQL (at the default, 10 single-row index lookups a second per process); see [security.md](security.md#authentication-under-a-flood-of-wrong-credentials)',
  }),
  AUTH_LIVE_TOKENS_RELOAD_SECONDS: int({
    min: 1,
    max: 86_400,
    fallback: 300,
    doc: 'how often each API process re-reads the hashes of all live tokens (one query; also at start and whenever the credentials listener reconnects). Created, revoked and disabled tokens are announced at once by `NOTIFY`; the reload catches what no one announced (expiry, rows written by hand). Credentials of a known live token skip the failed-authentication limits and `AUTH_UNKNOWN_LOOKUPS_PER_MINUTE`',
  }),
  TRUSTED_PROXIES: list({
    accepts: 'comma-separated IP addresses or CIDR blocks',
    message: 'TRUSTED_PROXIES must be a comma-separated list of addresses or CIDR blocks',
    each: { constraint: CidrConstraint },
    fallback: [],
    doc: "comma-separated addresses or CIDR blocks (`10.0.0.0/8,fd00::/8`) of your reverse proxies: from them, `X-Forwarded-For` names the client (Express `trust proxy`: the rightmost address not in the list), for the failed-authentication limit and the logs. Empty: the peer is the client — behind a proxy, set it, or one client's failures lock out everyone behind that proxy",
  }),
  ALLOWED_ORIGINS: list({
    accepts: 'comma-separated `https://host[:port]` origins',
    message: 'ALLOWED_ORIGINS must be a comma-separated list of origins',
    each: { pattern: ORIGIN, message: 'ALLOWED_ORIGINS must list origins like https://admin.example.com (no path, no trailing slash)' },
    fallback: [],
    doc: "comma-separated origins (`https://admin.example.com`) besides the service's own whose browser pages may call write routes; any other `Origin`, or `Sec-Fetch-Site: cross-site`, gets `403` on a write (see [security.md](security.md))",
  }),
  READ_STATEMENT_TIMEOUT_MS: int({
    min: 0,
    max: 600_000,
    fallback: 5_000,
    doc: 'a read (GET routes, UCP, each MCP tool call) runs in one `READ ONLY` transaction on one connection with `SET LOCAL statement_timeout` to this (and `application_name` `pds-read`, so `pg_stat_activity` tells reads from writes and background work); a statement running longer is cancelled: `503 unavailable` with `Retry-After` (0 = only `DB_STATEMENT_TIMEOUT_MS`)',
  }),
  READS_IN_FLIGHT_PER_ACCOUNT: int({
    min: 1,
    max: 1_000,
    fallback: 2,
    doc: 'reads (and MCP tool calls) one account may have running at once per API process (the next wait, `READ_WAIT_MS`, then `429 rate_limited` with `Retry-After`; an MCP tool call then gets a JSON-RPC error with `retry_after_seconds`)',
  }),
  READS_IN_FLIGHT_PER_ORGANIZATION: int({
    min: 1,
    max: 1_000,
    fallback: 2,
    doc: "reads of all the accounts of one organization together running at once per API process (the next wait, `READ_WAIT_MS`, then `429 rate_limited` with `Retry-After`), shared while several organizations read: each may then run ceil(this ÷ organizations reading), at least 1 (an organization counts as reading for 1 s after its last read started or ended). Keep it below `READS_IN_FLIGHT_PER_PROCESS`, so one tenant with many accounts leaves room for the others, and about the database's cores: on 2 cores, an organization running facets as fast as it can left another organization's p95 at 1.2–1.8× quiet (its 2 slots shared), 1.0–2.1× (not shared), 6.7× (6 slots) (see [security.md](security.md))",
  }),
  READS_IN_FLIGHT_PER_PROCESS: int({
    min: 1,
    max: 1_000,
    fallback: 12,
    doc: 'reads running at once in one API process, all tenants together, before `503 unavailable` with `Retry-After`. Each read holds one connection, and the pool gets this many on top of those kept for uploads, status polls and authentication (see [operations.md](operations.md)): heavy reads never take those',
  }),
  READ_WAIT_MS: int({
    min: 0,
    max: 60_000,
    fallback: 2_000,
    doc: "how long a REST or UCP read (or MCP tool call) that finds its account or organization (or the process) at its limit waits for a slot, oldest first, before `429 rate_limited` (`503 unavailable` for the process); 0 = refuse at once. A tenant reading as fast as it can then waits instead of spinning on refusals, and takes its slots' share of the machine and no more (see [security.md](security.md))",
  }),
  READS_WAITING_PER_ORGANIZATION: int({
    min: 0,
    max: 10_000,
    fallback: 32,
    doc: 'reads of one organization that may wait for a slot at once per API process (`READ_WAIT_MS`); the next is refused at once',
  }),
  READ_RESPONSE_MAX_BYTES: int({
    min: 65_536,
    max: 268_435_456,
    fallback: 8_388_608,
    doc: 'the largest answer a read sends (65,536–268,435,456); above it `422 validation`: ask for fewer (a smaller `limit`)',
  }),
  UPLOAD_SLOTS_PER_ACCOUNT: int({
    min: 1,
    max: 64,
    fallback: 2,
    doc: 'concurrent uploads of one account per API process before `429 rate_limited` (the process cap of 8 uploads stays)',
  }),
  UPLOAD_SLOTS_PER_ORGANIZATION: int({
    min: 1,
    max: 64,
    fallback: 4,
    doc: 'concurrent uploads of all the accounts of one organization together per API process before `429 rate_limited` (1–64): a tenant with many accounts still gets one share of the 8',
  }),
  PENDING_IMPORTS_PER_ORGANIZATION: int({
    min: 1,
    max: 1_000_000,
    fallback: 20,
    doc: 'unfinished (`pending`/`processing`) imports one organization may have; an upload beyond is refused with `429 rate_limited` and `Retry-After`, nothing stored (1–1,000,000)',
  }),
  PENDING_IMPORT_BYTES_PER_ORGANIZATION: int({
    min: 52_428_800,
    max: 1_099_511_627_776,
    fallback: 524_288_000,
    doc: "bytes of the files of one organization's unfinished imports (kept in PostgreSQL until each job ends); an upload that would go beyond is refused with `429 rate_limited` (≥ 52,428,800, one full file). Checked before the body streams (with its `Content-Length`) and again, exactly, before the upload commits",
  }),
  PRODUCTS_PER_ORGANIZATION: int({
    min: 1,
    max: 1_000_000_000,
    fallback: 1_000_000,
    doc: "products one organization may store. An import's new products beyond it fail like invalid ones (counted in `failed_count`, listed by `/errors` with a message naming the limit); changes to stored products still apply, and each batch applies whole. A replace import counts only the products its file keeps",
  }),
  UPLOAD_MIN_BYTES_PER_SECOND: int({
    min: 0,
    max: 1_073_741_824,
    fallback: 16_384,
    doc: 'an upload receiving less than this over one window (after a first, grace window) is aborted with `408`, its transaction rolled back (0 = off). A 50 MiB file already needs ≈ 175 KiB/s to beat `HTTP_REQUEST_TIMEOUT_MS`. Measured on the bytes the server reads, so keep it far below what PostgreSQL absorbs',
  }),
  UPLOAD_MIN_RATE_WINDOW_MS: int({ min: 100, max: 600_000, fallback: 10_000, doc: 'length of that measuring window' }),
  HTTP_REQUEST_TIMEOUT_MS: int({
    min: 1000,
    max: 3_600_000,
    fallback: 300_000,
    doc: 'a request (headers and body) must finish within this or the connection is closed; headers alone get at most 60 s',
  }),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: flag({
    fallback: false,
    doc: 'let webhook URLs resolve to loopback, private, link-local, CGNAT or metadata addresses, on any port (otherwise 80, 443, 8443 only; see [webhooks.md](webhooks.md)); keep it off where the service can reach internal systems',
  }),
  WEBHOOK_SECRET_KEY: text({
    accepts: '32 bytes in base64',
    pattern: /^[A-Za-z0-9+/]{43}=$/,
    message: 'WEBHOOK_SECRET_KEY must be 32 bytes in base64 (openssl rand -base64 32)',
    blankIsUnset: true,
    fallback: null,
    doc: '32 bytes in base64 (`openssl rand -base64 32`): webhook signing secrets are stored AES-256-GCM encrypted under it (see [webhooks.md](webhooks.md#secrets-at-rest)). Empty: plain text with a warning at boot; refused under `NODE_ENV=production`',
  }),
  WEBHOOK_SECRETS_PLAINTEXT: flag({
    fallback: false,
    doc: '`true`: under `NODE_ENV=production`, start without `WEBHOOK_SECRET_KEY` (secrets in plain text)',
  }),
  WEBHOOK_PREVIOUS_SECRET_TTL_MS: int({
    min: 0,
    max: 2_592_000_000,
    fallback: 86_400_000,
    doc: 'after `rotate-secret`, how long deliveries are signed with the previous secret too (0–30 days; 0 = not at all)',
  }),
  TOKEN_DEFAULT_TTL_DAYS: int({
    min: 0,
    max: 3650,
    fallback: 90,
    doc: 'a token created without `--expires-at` or `--no-expiry` expires after this many days (0–3650; 0 = new tokens never expire by default). Existing tokens are not changed',
  }),
  WEBHOOK_RETRY_BASE_MS: int({
    min: 10,
    max: 3_600_000,
    fallback: 10_000,
    doc: 'first retry delay of a failed webhook attempt; doubled per attempt, at most 1 h apart',
  }),
  WEBHOOK_RETRY_WINDOW_MS: int({
    min: 1000,
    max: 604_800_000,
    fallback: 86_400_000,
    doc: 'a delivery still failing this long after its event is marked `failed`',
  }),
  WEBHOOK_TIMEOUT_MS: int({
    min: 100,
    max: 60_000,
    fallback: 10_000,
    doc: "one webhook attempt (connect, send, answer's status) must finish within this; the answer's body is never read",
  }),
  WEBHOOK_RELAY_INTERVAL_MS: int({
    min: 50,
    max: 600_000,
    fallback: 1_000,
    doc: 'how often each worker moves new job events to webhook deliveries and re-queues overdue ones (the delivery latency after a job ends)',
  }),
  METRICS_PORT: int({
    min: 0,
    max: 65_535,
    fallback: 9464,
    doc: 'operations port of every process (0 = off): `GET /metrics` (Prometheus) on the API and on a standalone `dist/worker.js`, and on the API the full `GET /health/ready` report. Never served on `PORT`; listens on all interfaces, so firewall it to the monitoring network. Two processes on one host need different ports (the second logs `Metrics endpoint not started` and runs on)',
  }),
  REPLACE_MAX_DELETE_RATIO: decimal({
    min: 0,
    max: 1,
    fallback: 0.5,
    doc: 'share of the catalog (0–1) a `mode=replace` import may delete; more ends it `failed`/`mass_delete_refused` before any write, unless the upload passed `allow_mass_delete=true`. Exactly the ratio is allowed',
  }),
  SEARCH_INDEX_POOL_SHARE: decimal({
    min: 0.01,
    max: 1,
    fallback: 0.5,
    doc: "share of a worker's database pool (0.01–1, at least one connection) the search indexer may hold at once; organizations take turns within it (see [operations.md](operations.md#search-after-an-import))",
  }),
  SEARCH_VOCABULARY_MAX_WORDS: int({
    min: 1,
    max: 10_000_000,
    fallback: 200_000,
    doc: "distinct words (1–10,000,000) an organization's search vocabulary (typo correction and prefix matching) may hold; words beyond it are not added (a warning is logged) and are still found by exact search. See [search.md](search.md#the-vocabulary)",
  }),
  SEARCH_RANKING_BUDGET_MS: int({
    min: 1,
    max: 60_000,
    fallback: 500,
    doc: "time (1–60,000 ms) a search page of a large tier (over 10,000 matches) may spend reading score levels through the field indexes and walks; a page that needs more is completed from the best of a sample of 10,000 matches and says so (`ranking_exact: false`, UCP info `ranking_cut_short`), as Meilisearch's search cutoff. See [search.md](search.md#ranking-at-scale)",
  }),
  SEARCH_PARTITION_PRODUCTS: int({
    min: 0,
    max: 100_000_000,
    fallback: 100_000,
    doc: "products (0–100,000,000; 0 = never) past which the worker moves an organization's search rows out of the shared partition into a partition of its own, online, so that its indexes hold only its rows and its planner statistics are its own. See [operations.md](operations.md#search-partitions)",
  }),
  PRODUCT_DELETE_WAIT_MS: int({
    min: 1,
    max: 60_000,
    fallback: 5_000,
    doc: 'how long `DELETE /v1/catalogs/products/{id}` waits for a running import of the organization before 409 `conflict` (1–60,000); keep it well under `HTTP_REQUEST_TIMEOUT_MS`',
  }),
  NODE_ENV: text({
    accepts: 'any; `production` matters',
    fallback: undefined,
    shownDefault: '""',
    doc: '`production` (set by the Dockerfile) refuses to start without `WEBHOOK_SECRET_KEY` unless `WEBHOOK_SECRETS_PLAINTEXT=true`; read for nothing else',
  }),
} as const satisfies Record<string, EnvVariable<unknown>>;

type ValueOf<V> = V extends EnvVariable<infer T> ? T : never;

/** The environment once validated, every unset variable at its default. */
export type Environment = { readonly [K in keyof typeof ENVIRONMENT]: ValueOf<(typeof ENVIRONMENT)[K]> };

/** The names of every variable the service reads. */
export const ENV_KEYS = Object.keys(ENVIRONMENT) as ReadonlyArray<keyof typeof ENVIRONMENT>;
