import { randomUUID } from 'node:crypto';
import { Registry } from 'prom-client';
import { TEST_REDIS_URL } from '../../../test/setup/test-database';
import { RateLimitMetrics } from './rate-limit-metrics';
import { RedisThrottlerStorage } from './redis-throttler-storage';

/** Against the real Redis of the test suite (PDS_TEST_REDIS_DB), each test under its own prefix. */
describe('RedisThrottlerStorage', () => {
  const storages: RedisThrottlerStorage[] = [];
  const storage = (prefix: string, registry?: Registry) => {
    const created = new RedisThrottlerStorage(TEST_REDIS_URL, prefix, registry && new RateLimitMetrics(registry));
    storages.push(created);
    return created;
  };
  afterAll(async () => {
    await Promise.all(storages.map((s) => s.onModuleDestroy()));
  });

  it('counts the hits of one key in one window shared by every instance (every API process)', async () => {
    const prefix = `test-${randomUUID()}:`;
    const [a, b] = [storage(prefix), storage(prefix)];
    await expect(a.increment('k', 60_000, 3)).resolves.toMatchObject({ totalHits: 1, isBlocked: false });
    await expect(b.increment('k', 60_000, 3)).resolves.toMatchObject({ totalHits: 2, isBlocked: false });
    await expect(a.increment('k', 60_000, 3)).resolves.toMatchObject({ totalHits: 3, isBlocked: false });
    const blocked = await b.increment('k', 60_000, 3);
    expect(blocked).toMatchObject({ totalHits: 4, isBlocked: true });
    expect(blocked.timeToBlockExpire).toBeGreaterThan(0);
    expect(blocked.timeToBlockExpire).toBeLessThanOrEqual(60);
    expect(blocked.timeToExpire).toBe(blocked.timeToBlockExpire);
  });

  it('keeps keys and deployments (prefixes) apart', async () => {
    const prefix = `test-${randomUUID()}:`;
    const s = storage(prefix);
    await s.increment('a', 60_000, 1);
    await expect(s.increment('a', 60_000, 1)).resolves.toMatchObject({ isBlocked: true });
    await expect(s.increment('b', 60_000, 1)).resolves.toMatchObject({ isBlocked: false });
    await expect(storage(`test-${randomUUID()}:`).increment('a', 60_000, 1)).resolves.toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('starts a new window once the previous one has expired', async () => {
    const s = storage(`test-${randomUUID()}:`);
    await s.increment('k', 200, 1);
    await expect(s.increment('k', 200, 1)).resolves.toMatchObject({ isBlocked: true });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await expect(s.increment('k', 200, 1)).resolves.toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('falls back to a per-process window when Redis cannot be reached, and counts the fallbacks', async () => {
    const registry = new Registry();
    const s = storage(`test-${randomUUID()}:`, registry);
    await s.increment('warm-up', 60_000, 2); // connected once, then closed: as after Redis went away
    await s.onModuleDestroy();
    await expect(s.increment('k', 60_000, 2)).resolves.toMatchObject({ totalHits: 1, isBlocked: false });
    await expect(s.increment('k', 60_000, 2)).resolves.toMatchObject({ totalHits: 2, isBlocked: false });
    await expect(s.increment('k', 60_000, 2)).resolves.toMatchObject({ totalHits: 3, isBlocked: true });
    expect(await registry.getSingleMetricAsString('rate_limit_fallbacks_total')).toMatch(/rate_limit_fallbacks_total 3$/m);
  });
});
