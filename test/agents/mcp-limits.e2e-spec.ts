import { Writable } from 'node:stream';
import { expectErrorShape } from '../support/assertions';
import { createCaller } from '../support/factories';
import { UCP_META } from '../support/ucp-catalog';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

const LIMIT = 4;
const TOOLS_LIST = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
const MCP_ACCEPT = 'application/json, text/event-stream';

describe('MCP and UCP REST under the per-account rate limit and the request log', () => {
  let t: TestApp;
  const chunks: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk.toString());
        callback();
      },
    });
    t = await createTestApp({
      worker: false,
      logDestination: stream,
      config: (c) => ({ ...c, rateLimitPerMinute: LIMIT, logLevel: 'info' }),
    });
  });
  afterAll(() => t.close());

  const mcp = (auth: string, body: object = TOOLS_LIST, requestId = 'mcp-req-1') =>
    authed(t.http, auth).post('/mcp').set('Accept', MCP_ACCEPT).set('X-Request-Id', requestId).send(body);

  it('draws /mcp, /ucp/catalog/* and /v1 from one budget per account (429 with Retry-After)', async () => {
    const caller = await createCaller(t.app);
    await authed(t.http, caller).get('/v1/catalogs').expect(200);
    await authed(t.http, caller).post('/ucp/catalog/search').send({ query: 'wool' }).expect(200);
    const listed = await mcp(caller.auth).expect(200);
    expect(listed.body.result.tools).toHaveLength(8);
    const searched = await mcp(caller.auth, {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'search_catalog', arguments: { meta: UCP_META, catalog: { query: 'wool' } } },
    }).expect(200);
    expect(searched.body.result.structuredContent.products).toEqual([]);
    const refused = await mcp(caller.auth);
    expectErrorShape(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await mcp((await createCaller(t.app)).auth).expect(200); // another account has its own budget
  });

  it('logs MCP requests like every other request, without credentials', async () => {
    const caller = await createCaller(t.app);
    await mcp(caller.auth, TOOLS_LIST, 'mcp-req-2').expect(200);
    await new Promise((resolve) => setImmediate(resolve));
    const lines = chunks
      .join('')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { req?: { id?: string; url?: string; method?: string }; res?: { statusCode?: number } });
    const logged = lines.filter((line) => line.req?.id === 'mcp-req-2' && line.req.url === '/mcp');
    expect(logged.map((line) => [line.req?.method, line.res?.statusCode])).toEqual([['POST', 200]]);
    expect(chunks.join('')).not.toContain(caller.token);
  });
});
