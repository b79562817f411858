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
  logLevel: string;
}
