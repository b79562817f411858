import type { BullRootModuleOptions } from '@nestjs/bull';
import Redis, { type RedisOptions } from 'ioredis';
import type { AppConfig } from '../../common/config/app-config';

/**
 * Bull 4 needs `maxRetriesPerRequest: null` and `enableReadyCheck: false` on its subscriber and
 * blocking clients, or they give up during a Redis restart instead of reconnecting.
 */
export function buildBullOptions(config: AppConfig): BullRootModuleOptions {
  return {
    prefix: config.queuePrefix,
    createClient: (type, redisOptions?: RedisOptions) => {
      const base: RedisOptions = { ...redisOptions, retryStrategy: (times) => Math.min(times * 200, 2_000) };
      const options: RedisOptions =
        type === 'client'
          ? { ...base, maxRetriesPerRequest: null, enableReadyCheck: true }
          : { ...base, maxRetriesPerRequest: null, enableReadyCheck: false };
      return new Redis(config.redisUrl, options);
    },
    settings: {
      lockDuration: config.worker.lockDurationMs,
      lockRenewTime: Math.floor(config.worker.lockDurationMs / 2),
      stalledInterval: config.worker.stalledIntervalMs,
      maxStalledCount: 1_000_000, // stalls are crash recovery here, never a reason to fail a job
    },
    defaultJobOptions: {
      attempts: config.worker.attempts,
      backoff: { type: 'exponential', delay: 1_000 },
      removeOnComplete: 1_000,
      removeOnFail: 5_000,
    },
  };
}
