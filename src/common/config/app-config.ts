/** Typed, validated configuration. Injected wherever settings are needed; built only by loadConfig(). */
export class AppConfig {
  port: number;
  basePath: string;
  /** scheme://host[:port] clients reach the API at (advertised in /.well-known/ucp); null: taken from each request. */
  publicOrigin: string | null;
  databaseUrl: string;
  redisUrl: string;
  worker: {
    enabled: boolean;
    concurrency: number;
    batchSize: number;
    attempts: number;
    lockDurationMs: number;
    stalledIntervalMs: number;
    reconcileIntervalMs: number;
    /** Finished jobs (and their error rows) older than this many days are purged. */
    retentionDays: number;
    /** How often each worker runs the retention sweep. */
    retentionIntervalMs: number;
    /** A batch ends once its elements' bytes (plus a per-element allowance) reach this. */
    batchBytes: number;
    /** Failed elements per job whose error details are stored; beyond it only failed_count grows. */
    errorDetailsLimit: number;
    /** Share of the database pool the search indexer may hold at once (searchIndexConnections()). */
    searchIndexPoolShare: number;
  };
  /**
   * QUEUE_PREFIX when set, else null: the prefix is then derived from the database's deployment id.
   * The prefix in use is QueueNamespace.prefix (src/database/queue-namespace.ts), never this.
   */
  queuePrefixOverride: string | null;
  /** How long a verified token is trusted without asking PostgreSQL: the bound on revocation delay. */
  tokenCacheTtlMs: number;
  /** A token created without --expires-at or --no-expiry expires after this many days (0 = never). */
  tokenDefaultTtlDays: number;
  /** Requests per account per minute before 429 `rate_limited`. */
  rateLimitPerMinute: number;
  /** A request (headers and body) must complete within this, or the connection is closed. */
  httpRequestTimeoutMs: number;
  /** Port of GET /metrics (API and standalone worker) and of the API's full readiness report (0 = off); never the public port. */
  metricsPort: number;
  logLevel: string;
  /** Swagger UI keeps the entered credentials in the browser's localStorage (plain text) across reloads. */
  swaggerPersistAuthorization: boolean;
  /** Serve Swagger UI at /docs and the document at /docs-json (off: both 404). */
  swaggerEnabled: boolean;
  /** How logs are written: `auto` = pino-pretty when stdout is a terminal, JSON otherwise (src/common/logging/log-format.ts). */
  logFormat: 'json' | 'pretty' | 'auto';
  /** Per-session PostgreSQL timeouts of the service's connections (0 = off). */
  database: { statementTimeoutMs: number; idleInTransactionTimeoutMs: number };
  /** Failed authentications (401) per client address per minute before 429, checked before any database work. */
  authFailuresPerMinute: number;
  /** Failed lookups of credentials not in the token cache per process per minute, all addresses together, before 429. */
  authUnknownLookupsPerMinute: number;
  /** CIDR blocks of reverse proxies whose X-Forwarded-For names the client (Express `trust proxy`); empty: the peer is the client. */
  trustedProxies: string[];
  /** Origins besides the service's own whose pages a browser may send writes from (cross-site writes are refused). */
  allowedOrigins: string[];
  /** Bounds on what one read (REST GET, UCP request, MCP tool call) may cost. */
  reads: {
    /** Its statements run in one READ ONLY transaction with this statement_timeout (0 = only the session's). */
    statementTimeoutMs: number;
    /** Reads one account may have running in one process (429 beyond; MCP: a JSON-RPC error per tool call). */
    inFlightPerAccount: number;
    /** The largest answer body a read may send. */
    responseMaxBytes: number;
  };
  catalog: {
    /** A replace import deleting more than this share of the catalog ends mass_delete_refused without allow_mass_delete. */
    replaceMaxDeleteRatio: number;
    /** A product delete waits this long for a running import of its organization, then answers 409 conflict. */
    productDeleteWaitMs: number;
  };
  uploads: {
    /**
     * Uploads one process streams at once (503 beyond). Fixed, not an environment setting: the
     * database pool is sized from it (src/database/pool-size.ts), so both read it here.
     */
    slotsPerProcess: number;
    /** Concurrent uploads one account may stream in one API process (429 beyond). */
    slotsPerAccount: number;
    /** Concurrent uploads one organization's accounts together may stream in one API process (429 beyond). */
    slotsPerOrganization: number;
    /** An upload receiving less than this over a window (after the first) is aborted with 408; 0 = off. */
    minBytesPerSecond: number;
    minRateWindowMs: number;
  };
  /** What one organization may hold, so one tenant cannot fill the database or the queue for all. */
  quotas: {
    /** Unfinished (pending or processing) import jobs; an upload beyond it is refused with 429. */
    pendingImports: number;
    /** Bytes of the files of unfinished import jobs (kept in PostgreSQL until the job ends); 429 beyond. */
    pendingImportBytes: number;
    /** Stored products; an import's new products beyond it fail (counted in failed_count). */
    products: number;
  };
  webhooks: {
    /** WEBHOOK_ALLOW_PRIVATE_TARGETS: skip the SSRF address check (http/https only still applies). */
    allowPrivateTargets: boolean;
    /** Delay before the first retry; doubled per attempt, capped at 1 h. */
    retryBaseMs: number;
    /** Retries stop (delivery failed) once the next one would start later than this after the first attempt. */
    retryWindowMs: number;
    /** One delivery attempt (connect, send, answer) must finish within this. */
    timeoutMs: number;
    /** How often each worker moves new outbox events to deliveries and re-enqueues due ones. */
    relayIntervalMs: number;
    /**
     * WEBHOOK_SECRET_KEY decoded (32 bytes): signing secrets are stored AES-256-GCM encrypted. null:
     * stored in plain text (refused at boot under NODE_ENV=production unless WEBHOOK_SECRETS_PLAINTEXT=true).
     */
    secretKey: Buffer | null;
    /** After rotate-secret, deliveries carry a signature with the previous secret too for this long. */
    previousSecretTtlMs: number;
  };
}
