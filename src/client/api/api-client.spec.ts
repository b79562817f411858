import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, NetworkError } from '../errors';
import { ApiClient } from './api-client';

/** A stand-in for the service on a real port: answers each request with the next scripted reply. */
async function serve(
  replies: Array<(req: IncomingMessage, res: ServerResponse) => void>,
): Promise<{ url: string; seen: IncomingMessage[]; server: Server }> {
  const seen: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    seen.push(req);
    (replies.shift() ?? ((_q, r) => r.writeHead(500).end()))(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/base/`, seen, server };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (_req: IncomingMessage, res: ServerResponse) =>
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));

const JOB = {
  job_id: 'j1',
  status: 'done',
  total: 1,
  indexed_count: 1,
  failed_count: 0,
  skipped_count: 0,
  progress: 1,
  started_at: null,
  completed_at: null,
};

describe('ApiClient', () => {
  let stub: Awaited<ReturnType<typeof serve>> | undefined;
  afterEach(() => stub?.server.close());

  it('retries a read answered 429 or 503 after its Retry-After, with Basic credentials on the base path', async () => {
    stub = await serve([
      json(429, { error: { type: 'rate_limited', message: 'slow down' } }, { 'Retry-After': '2' }),
      json(503, { error: { type: 'unavailable', message: 'PostgreSQL unreachable' } }),
      json(200, JOB),
    ]);
    const waits: number[] = [];
    const retries: number[] = [];
    const client = new ApiClient(
      { url: stub.url, account: 'acme-ops', token: 'pdt_x' },
      { sleep: async (ms) => void waits.push(ms), onRetry: (status) => retries.push(status), defaultRetryMs: 700 },
    );
    await expect(client.getJob('j1')).resolves.toEqual(JOB);
    expect(waits).toEqual([2_000, 700]);
    expect(retries).toEqual([429, 503]);
    expect(stub.seen.map((r) => r.url)).toEqual([
      '/base/v1/catalogs/imports/j1',
      '/base/v1/catalogs/imports/j1',
      '/base/v1/catalogs/imports/j1',
    ]);
    expect(stub.seen[0].headers.authorization).toBe(`Basic ${Buffer.from('acme-ops:pdt_x').toString('base64')}`);
  });

  it("gives up after maxRetries and reports the service's own error message", async () => {
    const busy = json(429, { error: { type: 'rate_limited', message: 'Too many requests for this account' } }, { 'Retry-After': '0' });
    stub = await serve([busy, busy]);
    const client = new ApiClient({ url: stub.url, account: 'a', token: 't' }, { maxRetries: 1, sleep: async () => undefined });
    const failure = client.searchProducts('wool sweater', { limit: 5 });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 429, type: 'rate_limited', message: 'Too many requests for this account' });
    expect(stub.seen[0].url).toBe('/base/v1/catalogs/products?q=wool+sweater&limit=5');
  });

  it('turns an answer that is not the JSON error shape, and a refused connection, into clear errors', async () => {
    stub = await serve([(_req, res) => res.writeHead(502, { 'Content-Type': 'text/html' }).end('<html>Bad gateway</html>')]);
    const client = new ApiClient({ url: stub.url, account: 'a', token: 't' });
    await expect(client.getJob('j1')).rejects.toMatchObject({
      status: 502,
      message: expect.stringMatching(/^HTTP 502 Bad Gateway from http:/),
    });
    const closed = stub.url;
    await new Promise((resolve) => stub?.server.close(resolve));
    const refused = new ApiClient({ url: closed, account: 'a', token: 't' }).getJob('j1');
    await expect(refused).rejects.toBeInstanceOf(NetworkError);
    await expect(refused).rejects.toThrow(`cannot reach ${closed.replace(/\/$/, '')}/v1/catalogs/imports/j1: ECONNREFUSED`);
  });
});
