import request from 'supertest';
import { DataSource } from 'typeorm';
import { expectErrorShape } from '../support/assertions';
import { authed } from '../support/authed';
import { createCaller, type TestCaller } from '../support/factories';
import { upload, waitForIndexing, waitForJob } from '../support/imports';
import { UCP_META } from '../support/ucp-catalog';
import { callMcpTool } from '../support/mcp-call';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 31 goal 5 (docs/search.md "Order"): sort=price_asc|price_desc|newest over REST, UCP and
 * MCP, with and without q, in the catalog's main currency (others after), ties by id, continued
 * exactly by next_cursor; an order word in q sorts unless sort is passed.
 */
describe('Search sort', () => {
  let t: TestApp;
  let caller: TestCaller;

  // Ids out of price order, so that id order alone cannot pass; EUR is the main currency.
  const CATALOG = [
    { id: 'a1', title: 'Wool sweater', price: { amount: 30, currency: 'EUR' } },
    { id: 'a2', title: 'Wool scarf', price: { amount: 12, currency: 'EUR' }, sale_price: { amount: 10, currency: 'EUR' } },
    { id: 'a3', title: 'Wool hat', price: { amount: 20, currency: 'EUR' } },
    { id: 'a4', title: 'Wool socks', price: { amount: 1, currency: 'USD' } },
    { id: 'a5', title: 'Wool gloves', price: { amount: 20, currency: 'EUR' } },
    { id: 'a6', title: 'Wool blanket' },
    { id: 'a7', title: 'Wool beanie', price: { amount: 3, currency: 'USD' } },
    { id: 'b1', title: 'Cotton shirt', price: { amount: 2, currency: 'EUR' } },
    { id: 'c1', title: 'Wool mittens', price: { amount: 15.5, currency: 'EUR' } },
  ];

  beforeAll(async () => {
    t = await createTestApp();
    caller = await createCaller(t.app);
    const job = await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, JSON.stringify(CATALOG)));
    expect(job).toMatchObject({ status: 'done' });
    await waitForIndexing(t.app, caller.organizationId);
    // newest reads products.updated_at: a5 changed last, then a1; the rest share one older time.
    const db = t.app.get(DataSource);
    await db.query(`UPDATE products SET updated_at = '2026-01-01T00:00:00Z' WHERE organization_id = $1`, [caller.organizationId]);
    await db.query(`UPDATE products SET updated_at = '2026-03-01T00:00:00.000001Z' WHERE organization_id = $1 AND product_id = 'a1'`, [
      caller.organizationId,
    ]);
    await db.query(`UPDATE products SET updated_at = '2026-03-01T00:00:00.000002Z' WHERE organization_id = $1 AND product_id = 'a5'`, [
      caller.organizationId,
    ]);
  });
  afterAll(() => t.close());

  const get = (query: string) => authed(t.http, caller).get(`/v1/catalogs/products?${query}`);
  const ids = (body: { data: Array<{ id: string }> }) => body.data.map((p) => p.id);

  /** Every page of a query followed through next_cursor, the ids in order. */
  async function allPages(query: string, limit: number): Promise<{ ids: string[]; pages: number; first: request.Response }> {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let first: request.Response | undefined;
    do {
      const page: request.Response = await get(`${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`).expect(
        200,
      );
      first ??= page;
      seen.push(...ids(page.body));
      cursor = page.body.next_cursor;
      pages++;
    } while (cursor && pages < 20);
    return { ids: seen, pages, first: first as request.Response };
  }

  const WOOL_PRICE_ASC = ['a2', 'c1', 'a3', 'a5', 'a1', 'a4', 'a6', 'a7'];

  it('sorts a search by the price a buyer pays, ascending, main currency first, ties by id, over pages', async () => {
    const sorted = await allPages('q=wool&sort=price_asc', 2);
    expect(sorted.ids).toEqual(WOOL_PRICE_ASC);
    expect(sorted.pages).toBe(4);
    expect(sorted.first.body.total_count).toBe(8);
  });

  it('sorts a search by price descending (other currencies and unpriced still after, by id)', async () => {
    expect((await allPages('q=wool&sort=price_desc', 3)).ids).toEqual(['a1', 'a3', 'a5', 'c1', 'a2', 'a4', 'a6', 'a7']);
  });

  it('sorts a browse (no q) by price and by newest (products.updated_at), over pages', async () => {
    expect((await allPages('sort=price_asc', 3)).ids).toEqual(['b1', ...WOOL_PRICE_ASC]);
    expect((await allPages('sort=newest', 2)).ids).toEqual(['a5', 'a1', 'a2', 'a3', 'a4', 'a6', 'a7', 'b1', 'c1']);
    // Without sort the browse stays in id order.
    expect((await allPages('', 4)).ids).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'b1', 'c1']);
  });

  it("compares prices in the currency parameter's currency (which also filters to it)", async () => {
    expect((await allPages('sort=price_desc&currency=USD', 1)).ids).toEqual(['a7', 'a4']);
  });

  it('keeps products with every word first, then partial matches, each group in the sort order', async () => {
    // Only a1 has both words: partial matches fill the page, sorted among themselves after it.
    const page = await get('q=wool%20sweater&sort=price_asc&limit=5').expect(200);
    expect(ids(page.body)).toEqual(['a1', 'a2', 'c1', 'a3', 'a5']);
    expect(page.body.interpretation.match).toBe('partial');
    const rest = await get(`q=wool%20sweater&sort=price_asc&limit=5&cursor=${encodeURIComponent(page.body.next_cursor)}`).expect(200);
    expect(ids(rest.body)).toEqual(['a4', 'a6', 'a7']);
  });

  it('applies the order a word asks for, reports it, and lets an explicit sort win', async () => {
    const inferred = await allPages('q=cheapest%20wool', 3);
    expect(inferred.ids).toEqual(WOOL_PRICE_ASC);
    expect(inferred.first.body.interpretation.inferred).toEqual({ sort: 'price_asc' });
    const explicit = await get('q=cheapest%20wool&sort=price_desc&limit=3').expect(200);
    expect(ids(explicit.body)).toEqual(['a1', 'a3', 'a5']);
    expect(explicit.body.interpretation.inferred.sort).toBeUndefined();
    // sort=relevance counts as not passed (docs/search.md "How a query is read"): the word still sorts.
    const relevance = await get('q=cheapest%20wool&sort=relevance&limit=20').expect(200);
    expect(ids(relevance.body)).toEqual(WOOL_PRICE_ASC);
  });

  it('refuses a bad sort value (422, like every other bad parameter) and a cursor of another sort (400)', async () => {
    expect(expectErrorShape(await get('sort=cheapest'), 422, 'validation')).toMatch(
      'sort must be one of relevance, price_asc, price_desc, newest',
    );
    expectErrorShape(await get('q=wool&sort=PRICE_ASC'), 422, 'validation');
    const asc = await get('q=wool&sort=price_asc&limit=2').expect(200);
    const cursor = encodeURIComponent(asc.body.next_cursor);
    expectErrorShape(await get(`q=wool&sort=price_desc&limit=2&cursor=${cursor}`), 400, 'bad_request');
    expectErrorShape(await get(`q=wool&limit=2&cursor=${cursor}`), 400, 'bad_request');
    const relevance = await get('q=wool&limit=2').expect(200);
    expectErrorShape(await get(`q=wool&sort=newest&limit=2&cursor=${encodeURIComponent(relevance.body.next_cursor)}`), 400, 'bad_request');
  });

  it('sorts UCP REST searches (priced products only; context.currency is the sort currency, the others after by id)', async () => {
    const answer = await authed(t.http, caller).post('/ucp/catalog/search').send({ query: 'wool', sort: 'price_desc' }).expect(200);
    expect(answer.body.products.map((p: { id: string }) => p.id)).toEqual(['a1', 'a3', 'a5', 'c1', 'a2', 'a4', 'a7']);
    const usd = await authed(t.http, caller)
      .post('/ucp/catalog/search')
      .send({ query: 'wool', sort: 'price_asc', context: { currency: 'USD' } })
      .expect(200);
    expect(usd.body.products.map((p: { id: string }) => p.id)).toEqual(['a4', 'a7', 'a1', 'a2', 'a3', 'a5', 'c1']);
  });

  it('sorts MCP search_catalog', async () => {
    const answer = await callMcpTool(t.http, caller.auth, 'search_catalog', {
      meta: UCP_META,
      catalog: { query: 'wool', sort: 'newest' },
    }).expect(200);
    expect(answer.body.result.structuredContent.products.map((p: { id: string }) => p.id)).toEqual([
      'a5',
      'a1',
      'a2',
      'a3',
      'a4',
      'a7',
      'c1',
    ]);
  });
});
