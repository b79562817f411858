/** Typed, validated configuration. Injected wherever settings are needed; built only by loadConfig(). */
export class AppConfig {
  port: number;
  basePath: string;
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
  };
  queuePrefix: string;
  /** How long a verified token is trusted without asking PostgreSQL: the bound on revocation delay. */
  tokenCacheTtlMs: number;
  /** Test-only fault injection (reliability suite); all false in normal operation. */
  faults: { crashBeforeEnqueue: boolean };
  /** Requests per account per minute before 429 `rate_limited`. */
  rateLimitPerMinute: number;
  /** A request (headers and body) must complete within this, or the connection is closed. */
  httpRequestTimeoutMs: number;
  /** Port of the standalone worker's Prometheus endpoint (0 = off); the API serves /metrics itself. */
  metricsPort: number;
  logLevel: string;
  /** Failed authentications (401) per client address per minute before 429, checked before any database work. */
  authFailuresPerMinute: number;
  uploads: {
    /** Concurrent uploads one account may stream in one API process (429 beyond). */
    slotsPerAccount: number;
    /** An upload receiving less than this over a window (after the first) is aborted with 408; 0 = off. */
    minBytesPerSecond: number;
    minRateWindowMs: number;
  };
}
