import { Writable } from 'node:stream';
import request from 'supertest';
import { basic, createCaller } from '../support/factories';
import { products, upload, waitForJob } from '../support/imports';
import { createTestApp } from '../support/test-app';
import { authed } from '../support/authed';

/** Collects everything pino writes. */
function logSink(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('Logs, metrics and security headers', () => {
  it('logs requests as JSON with a request id, and never the Authorization header or the token', async () => {
    const sink = logSink();
    const t = await createTestApp({ worker: false, logDestination: sink.stream, config: (c) => ({ ...c, logLevel: 'info' }) });
    try {
      const caller = await createCaller(t.app);
      const ok = await authed(t.http, caller).get('/v1/catalogs/imports').set('X-Request-Id', 'req-abc-123').expect(200);
      expect(ok.headers['x-request-id']).toBe('req-abc-123');
      const denied = await authed(t.http, basic(caller.accountId, 'pdt_wrong-secret')).get('/v1/catalogs/imports').expect(401);
      expect(denied.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      await new Promise((resolve) => setImmediate(resolve));
      const lines = sink
        .text()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const requestLogs = lines.filter((line) => (line.req as { id?: string } | undefined)?.id);
      expect(requestLogs.map((line) => (line.req as { id: string }).id)).toContain('req-abc-123');
      expect(sink.text()).not.toContain(caller.token);
      expect(sink.text()).not.toContain(caller.auth.split(' ')[1]);
      expect(sink.text()).not.toContain('pdt_wrong-secret');
      // Request records carry method, url and status, never headers.
      expect(requestLogs.every((line) => !('headers' in (line.req as object)))).toBe(true);
      expect(requestLogs.some((line) => (line.res as { statusCode?: number }).statusCode === 401)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('exposes Prometheus metrics for requests, finished imports, products and the queue', async () => {
    const t = await createTestApp();
    try {
      const caller = await createCaller(t.app);
      await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, products(7)));
      const metrics = await request(t.metrics)
        .get('/metrics')
        .expect(200)
        .expect('Content-Type', /text\/plain/);
      expect(metrics.text).toMatch(/http_requests_total\{method="GET",route="\/v1\/catalogs\/imports\/:job_id",status="200"\} \d+/);
      expect(metrics.text).toMatch(/import_jobs_finished_total\{status="done"\} [1-9]/);
      expect(metrics.text).toMatch(/import_products_total\{outcome="indexed"\} [1-9]/);
      expect(metrics.text).toMatch(/import_duration_seconds_count [1-9]/);
      expect(metrics.text).toMatch(/import_queue_depth\{state="waiting"\} \d+/);
    } finally {
      await t.close();
    }
  });

  it('sends security headers (helmet)', async () => {
    const t = await createTestApp({ worker: false });
    try {
      const response = await request(t.http).get('/health/live').expect(200);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-powered-by']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('limits requests per account with 429 rate_limited and Retry-After', async () => {
    const t = await createTestApp({ worker: false, config: (c) => ({ ...c, rateLimitPerMinute: 3 }) });
    try {
      const [limited, other] = [await createCaller(t.app), await createCaller(t.app)];
      const get = (auth: string) => authed(t.http, auth).get('/v1/catalogs/imports');
      for (let i = 0; i < 3; i++) await get(limited.auth).expect(200);
      const refused = await get(limited.auth).expect(429);
      expect(refused.body).toEqual({ error: { type: 'rate_limited', message: expect.any(String) } });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      await get(other.auth).expect(200); // per account, not global
    } finally {
      await t.close();
    }
  });
});
