import { Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import Redis from 'ioredis';
import { FixedWindowThrottlerStorage } from './fixed-window-storage';
import type { RateLimitMetrics } from './rate-limit-metrics';

/**
 * One fixed window per key, atomically: the first hit starts the window (PEXPIRE), every hit
 * counts (INCR). Returns the count and the milliseconds left. A key left without expiry (a
 * crash between the two commands cannot happen in a script, but a manual SET could) gets one.
 */
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); left = tonumber(ARGV[1]) end
return {hits, left}`;

/** Redis statuses in which a command would only wait in the offline queue: answer locally instead. */
const UNREACHABLE = new Set(['reconnecting', 'close', 'end']);
const COMMAND_TIMEOUT_MS = 500;
const WARN_EVERY_MS = 60_000;

type HitClient = Redis & { rateLimitHit(key: string, windowMs: number): Promise<[number, number]> };

/**
 * Rate-limit counters shared by every API process through Redis, under `keyPrefix` (derived from
 * QUEUE_PREFIX, so two deployments on one Redis never share counters). If Redis cannot answer,
 * each process falls back to its own in-memory window (the limit then holds per process) and
 * counts the fallback in rate_limit_fallbacks_total: requests are never refused or delayed
 * because Redis is down.
 */
export class RedisThrottlerStorage implements ThrottlerStorage, OnModuleDestroy {
  private readonly logger = new Logger(RedisThrottlerStorage.name);
  private readonly redis: HitClient;
  private readonly local = new FixedWindowThrottlerStorage();
  private lastWarning = 0;

  constructor(
    redisUrl: string,
    private readonly keyPrefix: string,
    private readonly metrics?: RateLimitMetrics,
  ) {
    // lazyConnect: processes that never check a limit (the admin CLI) never open a connection.
    const redis = new Redis(redisUrl, { lazyConnect: true, commandTimeout: COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined); // reported through failed commands, not as unhandled events
    redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis = redis as HitClient;
  }

  async increment(key: string, ttl: number, limit: number): Promise<ThrottlerStorageRecord> {
    if (UNREACHABLE.has(this.redis.status)) return this.fallBack(key, ttl, limit, new Error(`Redis ${this.redis.status}`));
    try {
      const [hits, leftMs] = await this.redis.rateLimitHit(`${this.keyPrefix}${key}`, ttl);
      const timeToExpire = Math.max(1, Math.ceil(leftMs / 1000));
      const isBlocked = hits > limit;
      return { totalHits: hits, timeToExpire, isBlocked, timeToBlockExpire: isBlocked ? timeToExpire : 0 };
    } catch (error) {
      return this.fallBack(key, ttl, limit, error as Error);
    }
  }

  async onModuleDestroy(): Promise<void> {
    if (this.redis.status === 'end') return;
    if (this.redis.status !== 'ready') return this.redis.disconnect();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private fallBack(key: string, ttl: number, limit: number, error: Error): Promise<ThrottlerStorageRecord> {
    this.metrics?.fallbacks.inc();
    const now = Date.now();
    if (now - this.lastWarning > WARN_EVERY_MS) {
      this.lastWarning = now;
      this.logger.warn(`Rate limit counted per process: Redis unavailable (${error.message})`);
    }
    return this.local.increment(key, ttl, limit);
  }
}
