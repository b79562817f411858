import { randomUUID } from 'node:crypto';
import { createCaller } from '../support/factories';
import { expectErrorShape } from '../support/assertions';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

const LIMIT = 4;

describe('Per-account rate limit, across routes and API processes', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    // Two applications with their own Redis clients and throttler storages: two API processes.
    first = await createTestApp({ worker: false, config: (c) => ({ ...c, rateLimitPerMinute: LIMIT }) });
    second = await createTestApp({ worker: false, config: (c) => ({ ...c, rateLimitPerMinute: LIMIT }) });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('counts every route of both processes against one budget per account', async () => {
    const [caller, other] = [await createCaller(first.app), await createCaller(first.app)];
    const get = (t: TestApp, path: string, auth = caller.auth) => authed(t.http, auth).get(path);
    await get(first, '/v1/catalogs/imports').expect(200);
    await get(second, '/v1/catalogs').expect(200);
    await get(first, '/v1/catalogs/products').expect(200);
    await get(second, `/v1/catalogs/imports/${randomUUID()}`).expect(404); // refused requests count too
    for (const [t, path] of [
      [first, '/v1/catalogs/imports'],
      [second, '/v1/catalogs/products'],
    ] as const) {
      const refused = await get(t, path);
      expectErrorShape(refused, 429, 'rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    await get(second, '/v1/catalogs', other.auth).expect(200); // another account has its own budget
  });

  it('keeps the counters of two deployments (QUEUE_PREFIX) on one Redis apart', async () => {
    const caller = await createCaller(first.app);
    const get = (t: TestApp) => authed(t.http, caller).get('/v1/catalogs');
    for (let i = 0; i < LIMIT; i++) await get(first).expect(200);
    expectErrorShape(await get(first), 429, 'rate_limited');
    const elsewhere = await createTestApp({
      worker: false,
      config: (c) => ({
        ...c,
        rateLimitPerMinute: LIMIT,
        queuePrefixOverride: `${c.queuePrefixOverride ?? 'pds'}-other-${randomUUID().slice(0, 8)}`,
      }),
    });
    try {
      await authed(elsewhere.http, caller).get('/v1/catalogs').expect(200);
    } finally {
      await elsewhere.close();
    }
  });
});
