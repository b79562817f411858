import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TargetGuard, type Resolver } from '../ssrf/target-guard';
import { WebhookSender } from './webhook-sender';

/** A receiver on 127.0.0.1 answering `status` (with a Location for 3xx); counts what reached it. */
async function receiver(status: number): Promise<{ server: Server; port: number; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    req.resume();
    res.writeHead(status, status >= 300 && status < 400 ? { Location: '/elsewhere' } : {}).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

/** A DNS that answers what the test says, e.g. a name that first resolved publicly and now points at loopback. */
const fakeDns =
  (answers: Record<string, string>): Resolver =>
  async (hostname) => {
    const address = answers[hostname];
    if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };

describe('WebhookSender', () => {
  let target: Awaited<ReturnType<typeof receiver>>;
  afterEach(() => new Promise<void>((resolve) => target.server.close(() => resolve())));

  it('POSTs JSON with the given headers and reports a 2xx as success', async () => {
    target = await receiver(204);
    const sender = new WebhookSender(new TargetGuard(true, fakeDns({ 'hooks.test': '127.0.0.1' })), 2_000);
    const result = await sender.send(`http://hooks.test:${target.port}/in`, '{"a":1}', { 'X-Test': '1' });
    expect(result).toMatchObject({ statusCode: 204, error: null });
    expect(target.hits).toEqual(['/in']);
  });

  it('refuses at connection time a name that now resolves to loopback (DNS rebinding): nothing reaches the address', async () => {
    target = await receiver(204);
    const sender = new WebhookSender(new TargetGuard(false, fakeDns({ 'rebound.test': '127.0.0.1' })), 2_000);
    const result = await sender.send(`http://rebound.test:${target.port}/in`, '{}', {});
    expect(result.statusCode).toBeNull();
    expect(result.error).toBe('url is not allowed: rebound.test resolves to 127.0.0.1, a loopback address; webhook targets must be public');
    expect(target.hits).toEqual([]);
  });

  it('refuses an IP-literal target that is not public without connecting', async () => {
    target = await receiver(204);
    const sender = new WebhookSender(new TargetGuard(false, fakeDns({})), 2_000);
    const result = await sender.send(`http://127.0.0.1:${target.port}/in`, '{}', {});
    expect(result.error).toMatch(/127\.0\.0\.1, a loopback address/);
    expect(target.hits).toEqual([]);
  });

  it('does not follow redirects: a 3xx is a failed attempt', async () => {
    target = await receiver(302);
    const sender = new WebhookSender(new TargetGuard(true), 2_000);
    const result = await sender.send(`http://127.0.0.1:${target.port}/in`, '{}', {});
    expect(result).toMatchObject({ statusCode: 302, error: 'answered 302; redirects are not followed' });
    expect(target.hits).toEqual(['/in']);
  });

  it('reports a refused connection and an unknown host without throwing', async () => {
    target = await receiver(204);
    const port = target.port;
    await new Promise<void>((resolve) => target.server.close(() => resolve()));
    target.server = createServer(); // closed again by afterEach
    const sender = new WebhookSender(new TargetGuard(true, fakeDns({ 'down.test': '127.0.0.1' })), 2_000);
    expect((await sender.send(`http://down.test:${port}/`, '{}', {})).error).toBe('connection refused');
    expect((await sender.send('http://missing.test/', '{}', {})).error).toBe('host not found');
  });
});
