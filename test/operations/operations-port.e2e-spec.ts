import request from 'supertest';
import { RedisHealthIndicator } from '../../src/health/redis.health';
import { FAST_PATH_STATUS_TOKEN } from '../../src/imports/pipeline/fast-path/fast-path-report.service';
import { createTestApp, type TestApp } from '../support/test-app';

/** /metrics and the detailed readiness report are served on METRICS_PORT only; the public port says ok or not. */
describe('Operations endpoints off the public port', () => {
  describe('healthy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ worker: false, config: (c) => ({ ...c, basePath: '/api' }) });
    });
    afterAll(() => t.close());

    it('answers /metrics on the metrics port and 404 on the public port (at the root and under BASE_PATH)', async () => {
      const scrape = await request(t.metrics).get('/metrics').expect(200);
      expect(scrape.headers['content-type']).toMatch(/^text\/plain/);
      expect(scrape.text).toContain('# TYPE http_requests_total counter');
      for (const path of ['/metrics', '/api/metrics']) {
        const response = await request(t.http).get(path).expect(404);
        expect(response.body.error.type).toBe('not_found');
        expect(response.text).not.toContain('http_requests_total');
      }
    });

    it('answers the public /health/ready with the status only; the metrics port gives dependencies and queue namespace', async () => {
      const minimal = await request(t.http).get('/health/ready').expect(200);
      expect(minimal.body).toEqual({ status: 'ok' });
      const full = await request(t.metrics).get('/health/ready').expect(200);
      expect(full.body).toMatchObject({
        status: 'ok',
        info: { postgres: { status: 'up' }, redis: { status: 'up' } },
        queue: { prefix: t.config.queuePrefixOverride, prefix_source: 'QUEUE_PREFIX' },
        fast_path: { enabled: true },
      });
      await request(t.http).get('/health/live').expect(200, { status: 'ok' });
    });

    it('answers anything else on the metrics port with 404', async () => {
      const response = await request(t.metrics).get('/v1/catalogs').expect(404);
      expect(JSON.parse(response.text)).toEqual({ error: { type: 'not_found', message: expect.any(String) } });
    });
  });

  describe('the fast path off (its rules drifted from ProductDto)', () => {
    let t: TestApp;
    const drift = ['ProductDto.colour has no fast rule'];
    beforeAll(async () => {
      t = await createTestApp({
        worker: false,
        override: (builder) => builder.overrideProvider(FAST_PATH_STATUS_TOKEN).useValue({ enabled: false, drift }),
      });
    });
    afterAll(() => t.close());

    it('stays ready and says why in the full report and in import_fast_path_enabled', async () => {
      await request(t.http).get('/health/ready').expect(200, { status: 'ok' });
      const full = await request(t.metrics).get('/health/ready').expect(200);
      expect(full.body).toMatchObject({ status: 'ok', fast_path: { enabled: false, reason: drift } });
      const scrape = await request(t.metrics).get('/metrics').expect(200);
      expect(scrape.text).toMatch(/^import_fast_path_enabled 0$/m);
    });
  });

  describe('a dependency down', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({
        worker: false,
        override: (builder) =>
          builder.overrideProvider(RedisHealthIndicator).useValue({
            pingCheck: (key: string) => Promise.resolve({ [key]: { status: 'down', message: 'timeout' } }),
          }),
      });
    });
    afterAll(() => t.close());

    it('answers 503 without naming the dependency publicly; the metrics port names it', async () => {
      const minimal = await request(t.http).get('/health/ready').expect(503);
      expect(minimal.body).toEqual({ error: { type: 'unavailable', message: 'Not ready' } });
      const full = await request(t.metrics).get('/health/ready').expect(503);
      expect(full.body).toMatchObject({ status: 'error', error: { redis: { status: 'down', message: 'timeout' } } });
    });
  });
});
