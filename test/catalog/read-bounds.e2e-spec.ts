import request from 'supertest';
import { DataSource } from 'typeorm';
import { ReadBudgetService } from '../../src/reads/read-budget.service';
import { expectErrorShape } from '../support/assertions';
import { createCaller, type TestCaller } from '../support/factories';
import { upload, waitForIndexing, waitForJob } from '../support/imports';
import { lockTables } from '../support/table-lock';
import { UCP_META } from '../support/ucp-catalog';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

const TIMEOUT_MS = 2_000;
const IN_FLIGHT = 2;
const WAIT_MS = 600;
const MAX_BYTES = 65_536;

/** Products of about 4.5 KB each: 20 of them make an answer above MAX_BYTES, 5 one well below. */
const bigProducts = Array.from({ length: 20 }, (_, i) => ({
  id: `big-${String(i).padStart(2, '0')}`,
  title: `Large description ${i}`,
  description: 'x'.repeat(4_500),
  price: { amount: 10, currency: 'EUR' },
}));

/** Reads cost a bounded amount: a read timeout, reads in flight per account, and answer bytes. */
describe('Bounded reads', () => {
  let t: TestApp;
  let owner: TestCaller;

  beforeAll(async () => {
    t = await createTestApp({
      config: (c) => ({
        ...c,
        reads: { ...c.reads, statementTimeoutMs: TIMEOUT_MS, inFlightPerAccount: IN_FLIGHT, waitMs: WAIT_MS, responseMaxBytes: MAX_BYTES },
      }),
    });
    owner = await createCaller(t.app);
    await waitForJob(t.http, owner.auth, await upload(t.http, owner.auth, JSON.stringify(bigProducts)));
    await waitForIndexing(t.app, owner.organizationId);
  });
  afterAll(() => t.close());

  const products = (auth: string, query = '') => authed(t.http, auth).get(`/v1/catalogs/products${query}`);

  it('cancels a read whose statement outlasts READ_STATEMENT_TIMEOUT_MS: 503 unavailable with Retry-After', async () => {
    const lock = await lockTables(t.app, ['products', 'product_search']);
    try {
      const started = Date.now();
      // Without the read timeout this waits for the lock (released below after 8 s) and answers 200.
      let timer: NodeJS.Timeout | undefined;
      const response = await Promise.race([
        products(owner.auth, '?limit=5'),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('the read was not cancelled')), 8_000))),
      ]).finally(() => clearTimeout(timer));
      expect(expectErrorShape(response, 503, 'unavailable')).toMatch(`longer than ${TIMEOUT_MS} ms`);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    } finally {
      await lock.release();
    }
    await products(owner.auth, '?limit=5').expect(200); // the connection went back to the pool in a usable state
  });

  it('lets a read beyond READS_IN_FLIGHT_PER_ACCOUNT wait for a slot: served as soon as one is given back', async () => {
    const reader = await createCaller(t.app, { scopes: ['accounts--my:ro'] });
    const budget = t.app.get(ReadBudgetService);
    const held = Array.from({ length: IN_FLIGHT }, () => budget.tryAcquire(reader));
    for (const slot of held) expect(typeof slot).toBe('function');
    const started = Date.now();
    const waiting = products(reader.auth, '?limit=5').then((r) => r);
    setTimeout(() => (held[0] as () => void)(), WAIT_MS / 3);
    const served = await waiting;
    (held[1] as () => void)();
    expect(served.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS / 3 - 20);
  });

  it('refuses a read beyond READS_IN_FLIGHT_PER_ACCOUNT with 429 and Retry-After once READ_WAIT_MS has passed, while other accounts are served', async () => {
    const reader = await createCaller(t.app, { scopes: ['accounts--my:ro'] });
    const other = await createCaller(t.app);
    // The account's reads in flight, held in the process's own slots (the ones every read route takes):
    // held here rather than by reads waiting on a table lock, which in the full suite also stopped the
    // worker's background statements and once hung the test (abandoned-reads holds real reads that way).
    const budget = t.app.get(ReadBudgetService);
    const held = Array.from({ length: IN_FLIGHT }, () => budget.tryAcquire(reader));
    try {
      for (const slot of held) expect(typeof slot).toBe('function');
      const refused = await products(reader.auth, '?limit=5');
      expect(expectErrorShape(refused, 429, 'rate_limited')).toMatch(`${IN_FLIGHT} reads in progress`);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // UCP reads draw on the same slots.
      const ucp = await authed(t.http, reader).post('/ucp/catalog/search').send({ query: 'large' });
      expectErrorShape(ucp, 429, 'rate_limited');
      await authed(t.http, other).get('/v1/catalogs/imports').expect(200);
      await products(other.auth, '?limit=5').expect(200);
    } finally {
      for (const slot of held) if (typeof slot === 'function') slot();
    }
    await products(reader.auth, '?limit=5').expect(200); // the slots were given back
  });

  it('refuses an answer above READ_RESPONSE_MAX_BYTES with 422 naming the limit; a smaller page passes', async () => {
    const refused = await products(owner.auth, '?limit=100');
    expect(expectErrorShape(refused, 422, 'validation')).toMatch(`above the ${MAX_BYTES}-byte limit`);
    const page = await products(owner.auth, '?limit=5').expect(200);
    expect(page.body.data).toHaveLength(5);
    const ucp = await authed(t.http, owner).post('/ucp/catalog/search').send({ query: 'large' });
    expectErrorShape(ucp, 422, 'validation');
    const mcp = await request(t.http)
      .post('/mcp')
      .set({ Authorization: owner.auth, Accept: 'application/json, text/event-stream' })
      .send({
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'search_catalog', arguments: { meta: UCP_META, catalog: { query: 'large' } } },
      })
      .expect(200);
    expect(mcp.body).toMatchObject({
      id: 3,
      error: { code: -32000, message: expect.stringContaining(`above the ${MAX_BYTES}-byte limit`) },
    });
  });

  it('runs everything inside a ReadScope on one connection, READ ONLY, with the read timeout; nothing outside it', async () => {
    const dataSource = t.app.get(DataSource);
    const scope = t.app.get(ReadBudgetService).openScope();
    const settings = `SELECT current_setting('statement_timeout') AS timeout, current_setting('transaction_read_only') AS read_only,
                             pg_backend_pid() AS pid`;
    type Settings = Array<{ timeout: string; read_only: string; pid: number }>;
    const [[first], [second]] = await scope.run(
      () => Promise.all([dataSource.query(settings), dataSource.query(settings)]) as Promise<Settings[]>,
    );
    const write = scope.run(() => dataSource.query(`UPDATE catalog_stats SET version = version WHERE false`));
    await expect(write).rejects.toMatchObject({ driverError: expect.objectContaining({ code: '25006' }) }); // read_only_sql_transaction
    await scope.close();
    expect(first).toEqual({ timeout: `${TIMEOUT_MS / 1000}s`, read_only: 'on', pid: second.pid });
    const [outside] = (await dataSource.query(settings)) as Settings;
    expect(outside).toMatchObject({ timeout: '1min', read_only: 'off' });
  });
});
