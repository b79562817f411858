import type { AdvancedSettings } from 'bull';
import type { BullRootModuleOptions, SharedBullAsyncConfiguration } from '@nestjs/bull';
import type { RedisOptions } from 'ioredis';
import { AppConfig } from '../common/config/app-config';
import { QueueNamespace } from './queue-namespace';
import { QueueNamespaceModule } from './queue-namespace.module';

/**
 * Lock and stall settings every queue of the process shares. A queue that registers settings of
 * its own (the import queue's backoff) spreads these first: Bull's queue options replace the root's
 * `settings` whole.
 */
export function bullSettings(config: AppConfig): AdvancedSettings {
  return {
    lockDuration: config.worker.lockDurationMs,
    lockRenewTime: Math.floor(config.worker.lockDurationMs / 2),
    stalledInterval: config.worker.stalledIntervalMs,
    // Stalls are crash recovery here; a job that keeps crashing its worker is ended by the
    // processor's PostgreSQL count (import_jobs.idle_deliveries), which Bull cannot see.
    maxStalledCount: 1_000_000,
  };
}

/**
 * Bull 4 needs `maxRetriesPerRequest: null` and `enableReadyCheck: false` on its subscriber and
 * blocking clients, or they give up during a Redis restart instead of reconnecting. Bull creates
 * (and on close, quits) its own clients from these options; a custom createClient would leave
 * closing them to us.
 */
export function buildBullOptions(config: AppConfig, namespace: QueueNamespace): BullRootModuleOptions {
  return {
    prefix: namespace.prefix,
    redis: {
      ...redisOptionsFromUrl(config.redisUrl),
      maxRetriesPerRequest: null,
      enableReadyCheck: false,
      retryStrategy: (times: number) => Math.min(times * 200, 2_000),
    },
    settings: bullSettings(config),
  };
}

/**
 * Bull's root options for `BullModule.forRootAsync` in the app and worker modules: every queue of
 * the process (imports, webhook deliveries) shares them. The prefix comes from the database
 * (QueueNamespace), so Bull is configured after migrations.
 */
export const BULL_ROOT_OPTIONS: SharedBullAsyncConfiguration = {
  imports: [QueueNamespaceModule],
  inject: [AppConfig, QueueNamespace],
  useFactory: buildBullOptions,
};

function redisOptionsFromUrl(url: string): RedisOptions {
  const parsed = new URL(url);
  const db = parsed.pathname.replace(/^\//, '');
  return {
    host: parsed.hostname || 'localhost',
    port: parsed.port ? Number(parsed.port) : 6379,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: db ? Number(db) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
  };
}
