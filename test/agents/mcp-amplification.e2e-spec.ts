import request from 'supertest';
import { CatalogOverviewService } from '../../src/mcp/catalog-overview.service';
import { expectErrorShape } from '../support/assertions';
import { createCaller, type TestCaller } from '../support/factories';
import { upload, waitForCatalogStats, waitForIndexing, waitForJob } from '../support/imports';
import { query } from '../support/database';
import { ReadBudgetService } from '../../src/reads/read-budget.service';
import { lockTables } from '../support/table-lock';
import { UCP_CATALOG, UCP_META } from '../support/ucp-catalog';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';
import { eventually } from '../support/eventually';

const RATE_LIMIT = 12;
const IN_FLIGHT = 2;
const MCP_ACCEPT = 'application/json, text/event-stream';

type Message = { jsonrpc: '2.0'; id: number; method: string; params?: Record<string, unknown> };
const overview = (id: number): Message => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'catalog_overview', arguments: {} },
});
const search = (id: number): Message => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'search_catalog', arguments: { meta: UCP_META, catalog: { query: 'wool' } } },
});
const batch = (size: number, make: (id: number) => Message = overview) => Array.from({ length: size }, (_, i) => make(i + 1));

/** One POST to /mcp must not do the work of many requests, nor stall other tenants. */
describe('MCP amplification limits', () => {
  let t: TestApp;
  let owner: TestCaller;

  beforeAll(async () => {
    t = await createTestApp({
      config: (c) => ({
        ...c,
        rateLimitPerMinute: RATE_LIMIT,
        reads: { ...c.reads, inFlightPerAccount: IN_FLIGHT, statementTimeoutMs: 30_000 },
      }),
    });
    owner = await createCaller(t.app);
    await waitForJob(t.http, owner.auth, await upload(t.http, owner.auth, JSON.stringify(UCP_CATALOG)));
    await waitForIndexing(t.app, owner.organizationId);
    await waitForCatalogStats(t.app, owner.organizationId);
  });
  afterAll(() => t.close());

  const post = (auth: string, body: unknown) =>
    request(t.http)
      .post('/mcp')
      .set({ Authorization: auth, Accept: MCP_ACCEPT, 'Content-Type': 'application/json' })
      .send(typeof body === 'string' ? body : JSON.stringify(body));

  it('refuses a 5 MiB body, and any above 64 KiB, with 413 ErrorResponse before any tool runs', async () => {
    const caller = await createCaller(t.app);
    const runs = jest.spyOn(t.app.get(CatalogOverviewService), 'overview');
    const padded = (bytes: number) =>
      JSON.stringify({ ...overview(1), params: { name: 'catalog_overview', arguments: {}, pad: 'x'.repeat(bytes) } });
    expect(expectErrorShape(await post(caller.auth, padded(5 * 1024 * 1024)), 413, 'payload_too_large')).toMatch('65536 bytes');
    expectErrorShape(await post(caller.auth, padded(100 * 1024)), 413, 'payload_too_large');
    expect(runs).not.toHaveBeenCalled();
    runs.mockRestore();
  });

  it('reads its body like every JSON route: 415 not application/json, 400 empty or malformed, 422 neither object nor array', async () => {
    const caller = await createCaller(t.app);
    const send = (type: string, body: string) =>
      request(t.http).post('/mcp').set({ Authorization: caller.auth, Accept: MCP_ACCEPT, 'Content-Type': type }).send(body);
    expect(expectErrorShape(await send('text/plain', '{}'), 415, 'unsupported_media_type')).toBe(
      'The body must be sent as application/json',
    );
    expect(expectErrorShape(await send('application/json', ''), 400, 'bad_request')).toBe('The body is not valid JSON');
    expect(expectErrorShape(await send('application/json', '42'), 422, 'validation')).toBe('The body must be a JSON object');
  });

  it('refuses a 100-message batch (and any over 10) with 400 before any tool runs', async () => {
    const caller = await createCaller(t.app);
    const runs = jest.spyOn(t.app.get(CatalogOverviewService), 'overview');
    expect(expectErrorShape(await post(caller.auth, batch(100)), 400, 'bad_request')).toMatch('at most 10 messages');
    expectErrorShape(await post(caller.auth, batch(11)), 400, 'bad_request');
    expectErrorShape(await post(caller.auth, [overview(1), overview(1)]), 400, 'bad_request'); // one id twice
    expect(runs).not.toHaveBeenCalled();
    runs.mockRestore();
  });

  it("counts each message of a batch against the account's rate limit", async () => {
    const caller = await createCaller(t.app);
    const answered = await post(caller.auth, batch(10)).expect(200);
    expect(answered.body).toHaveLength(10);
    for (const answer of answered.body as Array<{ result?: { isError?: boolean } }>)
      expect(answer).toMatchObject({ result: { structuredContent: {} } });
    await post(caller.auth, overview(1)).expect(200);
    await post(caller.auth, overview(1)).expect(200); // 12 of 12
    const refused = await post(caller.auth, overview(1));
    expectErrorShape(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A batch that would pass the limit is refused whole.
    const other = await createCaller(t.app);
    await post(other.auth, batch(10)).expect(200);
    expectErrorShape(await post(other.auth, batch(5)), 429, 'rate_limited');
  });

  it("answers a tool call beyond the account's calls in flight with a JSON-RPC error asking to retry", async () => {
    // The account's calls in flight held in the process's own read slots (the ones every tool call takes)
    // rather than by calls waiting on a table lock: that way the test could hang in the full suite.
    const budget = t.app.get(ReadBudgetService);
    const held = Array.from({ length: IN_FLIGHT }, () => budget.tryAcquire(owner));
    try {
      for (const slot of held) expect(typeof slot).toBe('function');
      const busy = await post(owner.auth, search(7)).expect(200);
      expect(busy.body).toMatchObject({
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32000, message: expect.stringMatching(/reads in progress.*retry after 1 s/), data: { retry_after_seconds: 1 } },
      });
      // tools/list touches no table: not a read, not refused.
      await post(owner.auth, { jsonrpc: '2.0', id: 8, method: 'tools/list' }).expect(200);
    } finally {
      for (const slot of held) if (typeof slot === 'function') slot();
    }
    const served = await post(owner.auth, search(9)).expect(200);
    expect(served.body.result.structuredContent.products.length).toBeGreaterThan(0);
  });

  it('answers catalog_overview from the maintained counts, without reading the catalog, and follows a delete', async () => {
    const lock = await lockTables(t.app, ['products', 'product_search']);
    try {
      // Reading the products would wait for the lock (held 10 s at most here).
      let timer: NodeJS.Timeout | undefined;
      const answer = await Promise.race([
        post(owner.auth, overview(1)),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('catalog_overview read the catalog')), 10_000))),
      ]).finally(() => clearTimeout(timer));
      expect(answer.body.result.structuredContent).toMatchObject({ product_count: UCP_CATALOG.length, stats_as_of: expect.any(String) });
    } finally {
      await lock.release();
    }
    await authed(t.http, owner).delete(`/v1/catalogs/products/${UCP_CATALOG[0].id}`).expect(204);
    await waitForCatalogStats(t.app, owner.organizationId);
    const after = await post(owner.auth, overview(2)).expect(200);
    expect(after.body.result.structuredContent.product_count).toBe(UCP_CATALOG.length - 1);
  });

  it("keeps another organization's status polls served while one account floods /mcp", async () => {
    const other = await createCaller(t.app);
    const jobId = await upload(t.http, other.auth, JSON.stringify([{ id: 'x', title: 'X', price: { amount: 1, currency: 'EUR' } }]));
    // Waited for in the database: the polls below are the organization's whole rate budget.
    await eventually(
      'the import to be done',
      async () => (await query<{ status: string }>(t.app, 'SELECT status FROM import_jobs WHERE id = $1', [jobId]))[0].status === 'done',
      { timeoutMs: 10_000 },
    );
    const flooders = await Promise.all([1, 2, 3].map(() => createCaller(t.app)));
    const big = JSON.stringify({ ...overview(1), params: { name: 'catalog_overview', arguments: {}, pad: 'x'.repeat(5 * 1024 * 1024) } });
    const flood = Promise.all(
      flooders.flatMap((f) => [
        post(f.auth, batch(100)),
        post(f.auth, big),
        post(f.auth, batch(10, search)),
        post(f.auth, batch(10, search)),
      ]),
    );
    const latencies: number[] = [];
    for (let i = 0; i < 10; i++) {
      const started = Date.now();
      await authed(t.http, other).get(`/v1/catalogs/imports/${jobId}`).expect(200);
      latencies.push(Date.now() - started);
    }
    const statuses = (await flood).map((response) => response.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(3); // the 100-message batches
    expect(statuses.filter((status) => status === 413)).toHaveLength(3); // the 5 MiB bodies
    // Generous: the machine running the suite may be busy; being blocked behind the flood would take far longer.
    expect(Math.max(...latencies)).toBeLessThan(10_000);
  });
});
