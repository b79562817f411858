import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ADDRESS_NOT_PUBLIC, HOST_NOT_PUBLIC, PORT_NOT_ALLOWED, TargetGuard, type Resolver } from '../ssrf/target-guard';
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
  afterEach(
    () =>
      new Promise<void>((resolve) => {
        target.server.close(() => resolve());
        target.server.closeAllConnections();
      }),
  );

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
    const result = await sender.send('http://rebound.test/in', '{}', {}); // port 80: only the lookup can refuse it
    expect(result.statusCode).toBeNull();
    expect(target.hits).toEqual([]);
    // The attempt's error is shown to clients (list-webhook-deliveries): what the name resolved to is for the log only.
    expect(result.error).toBe(HOST_NOT_PUBLIC);
    expect(result.detail).toBe('rebound.test resolves to 127.0.0.1, a loopback address');
  });

  it('answers an unknown name like a refused one when guarded (no map of internal DNS through a CNAME)', async () => {
    target = await receiver(204);
    const sender = new WebhookSender(new TargetGuard(false, fakeDns({})), 2_000);
    expect((await sender.send('http://missing.test/', '{}', {})).error).toBe(HOST_NOT_PUBLIC);
  });

  it('refuses an IP-literal target that is not public without connecting', async () => {
    target = await receiver(204);
    const sender = new WebhookSender(new TargetGuard(true, fakeDns({})), 2_000);
    const guarded = new WebhookSender(new TargetGuard(false, fakeDns({})), 2_000);
    const result = await guarded.send(`http://127.0.0.1/in`, '{}', {});
    expect(result).toMatchObject({ statusCode: null, error: ADDRESS_NOT_PUBLIC, detail: '127.0.0.1 is a loopback address' });
    expect(target.hits).toEqual([]);
    expect((await sender.send(`http://127.0.0.1:${target.port}/in`, '{}', {})).statusCode).toBe(204);
  });

  it('refuses ports other than 80, 443 and 8443 without connecting, unless private targets are allowed', async () => {
    target = await receiver(204);
    const guarded = new WebhookSender(new TargetGuard(false, fakeDns({ 'hooks.test': '127.0.0.1' })), 2_000);
    for (const url of ['http://hooks.test:22/', 'https://93.184.215.14:6379/', `http://hooks.test:${target.port}/`]) {
      expect((await guarded.send(url, '{}', {})).error).toBe(PORT_NOT_ALLOWED);
    }
    expect(target.hits).toEqual([]);
    const open = new WebhookSender(new TargetGuard(true, fakeDns({ 'hooks.test': '127.0.0.1' })), 2_000);
    expect((await open.send(`http://hooks.test:${target.port}/`, '{}', {})).statusCode).toBe(204);
  });

  it('closes the connection once the status is read: an endless body is neither drained nor kept open', async () => {
    let closed!: Promise<number>;
    let sent = 0;
    target = { server: createServer(), port: 0, hits: [] };
    target.server.on('request', (req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      const chunk = Buffer.alloc(16_384, 120);
      const stream = setInterval(() => {
        res.write(chunk);
        sent += chunk.length;
      }, 5);
      closed = new Promise((resolve) =>
        res.on('close', () => {
          clearInterval(stream);
          resolve(Date.now());
        }),
      );
    });
    await new Promise<void>((resolve) => target.server.listen(0, '127.0.0.1', resolve));
    const port = (target.server.address() as AddressInfo).port;
    const sender = new WebhookSender(new TargetGuard(true), 2_000);
    const result = await sender.send(`http://127.0.0.1:${port}/in`, '{}', {});
    const answeredAt = Date.now();
    expect(result).toMatchObject({ statusCode: 200, error: null });
    const closedAt = await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 1_500).unref())]);
    expect(closedAt - answeredAt).toBeLessThan(1_000);
    expect(sent).toBeLessThan(1_048_576);
  });

  it('times out a receiver that never answers, within the timeout', async () => {
    target = { server: createServer(() => undefined), port: 0, hits: [] };
    await new Promise<void>((resolve) => target.server.listen(0, '127.0.0.1', resolve));
    const port = (target.server.address() as AddressInfo).port;
    const result = await new WebhookSender(new TargetGuard(true), 300).send(`http://127.0.0.1:${port}/in`, '{}', {});
    expect(result).toMatchObject({ statusCode: null, error: 'timed out after 300 ms' });
    expect(result.durationMs).toBeLessThan(1_000);
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
