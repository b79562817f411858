import request from 'supertest';
import { expectErrorShape } from '../support/assertions';
import { authed } from '../support/authed';
import { createCaller, type TestCaller } from '../support/factories';
import { upload, waitForIndexing, waitForJob } from '../support/imports';
import { UCP_META } from '../support/ucp-catalog';
import { callMcpTool } from '../support/mcp-call';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 31 goal 4 (docs/search.md "Variants"): collapse_variants=true keeps one product per
 * group_id, its best match in the page's order, with sibling_count; total_count and facets count
 * groups; cursors never repeat a group; UCP and MCP search collapse by default into one product
 * whose variants are the group's matches.
 */
describe('Search variant collapse', () => {
  let t: TestApp;
  let caller: TestCaller;

  const eur = (amount: number) => ({ amount, currency: 'EUR' });
  // Five wool styles of three sizes each (prices rising with the size, and with the style's number).
  const STYLES = [1, 2, 3, 4, 5].flatMap((n) =>
    ['s', 'm', 'l'].map((size, k) => ({
      id: `w${n}-${size}`,
      title: `Wool sweater style ${n} size ${size.toUpperCase()}`,
      price: eur(10 * n + k),
      group_id: `W${n}`,
      availability: k === 2 ? 'out_of_stock' : 'in_stock',
      brand: 'Northwind',
    })),
  );
  const CATALOG = [
    ...STYLES,
    // jk-a has both words (one in tags, worth less), jk-b both in the title: jk-b is the group's best match.
    { id: 'jk-a', title: 'Rain jacket blue', tags: ['waterproof'], price: eur(80), group_id: 'JK', brand: 'Contoso' },
    { id: 'jk-b', title: 'Waterproof rain jacket red', price: eur(90), group_id: 'JK', brand: 'Contoso' },
    { id: 'scarf', title: 'Wool scarf', price: eur(5), brand: 'Contoso' },
    { id: 'hat', title: 'Wool hat', price: eur(7), brand: 'Contoso' },
  ];
  const GROUP_OF = new Map(CATALOG.map((p) => [p.id, 'group_id' in p ? p.group_id : p.id]));

  beforeAll(async () => {
    t = await createTestApp();
    caller = await createCaller(t.app);
    const job = await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, JSON.stringify(CATALOG)));
    expect(job).toMatchObject({ status: 'done' });
    await waitForIndexing(t.app, caller.organizationId);
  });
  afterAll(() => t.close());

  type Entry = { id: string; sibling_count?: number };
  const get = (query: string) => authed(t.http, caller).get(`/v1/catalogs/products?${query}`);
  const ids = (body: { data: Entry[] }) => body.data.map((p) => p.id);

  /** Every page of a query followed through next_cursor. */
  async function allPages(query: string, limit: number): Promise<{ entries: Entry[]; pages: number; totals: number[] }> {
    const entries: Entry[] = [];
    const totals: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: request.Response = await get(`${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`).expect(
        200,
      );
      entries.push(...(page.body.data as Entry[]));
      totals.push(page.body.total_count as number);
      cursor = page.body.next_cursor;
      pages++;
    } while (cursor && pages < 30);
    return { entries, pages, totals };
  }

  it('returns every variant separately without collapse_variants (the REST default), without sibling_count', async () => {
    const page = await get('q=sweater&limit=50').expect(200);
    expect(ids(page.body).sort()).toEqual(STYLES.map((p) => p.id).sort());
    expect(page.body.total_count).toBe(15);
    expect(page.body.data.every((p: Entry) => !('sibling_count' in p))).toBe(true);
    const off = await get('q=sweater&limit=50&collapse_variants=false').expect(200);
    expect(ids(off.body)).toEqual(ids(page.body));
  });

  it('collapses each group to one product with sibling_count; total_count counts groups', async () => {
    const page = await get('q=sweater&limit=50&collapse_variants=true').expect(200);
    // Equal scores within a style: its lowest id is its best match.
    expect(ids(page.body)).toEqual(['w1-l', 'w2-l', 'w3-l', 'w4-l', 'w5-l']);
    expect(page.body.data.map((p: Entry) => p.sibling_count)).toEqual([2, 2, 2, 2, 2]);
    expect(page.body.total_count).toBe(5);
    expect(page.body.total_count_exact).toBe(true);
  });

  it('keeps the best-ranked product of a group, not the lowest id, and counts a product without group_id as its own group', async () => {
    const page = await get('q=waterproof jacket&collapse_variants=true').expect(200);
    expect(page.body.data).toEqual([expect.objectContaining({ id: 'jk-b', sibling_count: 1 })]);
    const wool = await get('q=wool&limit=50&collapse_variants=true').expect(200);
    expect(wool.body.data.filter((p: Entry) => p.id === 'scarf' || p.id === 'hat')).toEqual([
      expect.objectContaining({ sibling_count: 0 }),
      expect.objectContaining({ sibling_count: 0 }),
    ]);
    expect(wool.body.total_count).toBe(7);
  });

  it('counts only the siblings matching the same filters', async () => {
    const page = await get('q=sweater&collapse_variants=true&availability=in_stock&limit=50').expect(200);
    expect(ids(page.body)).toEqual(['w1-m', 'w2-m', 'w3-m', 'w4-m', 'w5-m']);
    expect(page.body.data.map((p: Entry) => p.sibling_count)).toEqual([1, 1, 1, 1, 1]);
  });

  it('pages a collapsed search through next_cursor without showing a group twice', async () => {
    for (const limit of [1, 2, 3]) {
      const walked = await allPages('q=wool&collapse_variants=true', limit);
      const groups = walked.entries.map((e) => GROUP_OF.get(e.id));
      expect(new Set(groups).size).toBe(groups.length);
      expect(new Set(groups)).toEqual(new Set(['W1', 'W2', 'W3', 'W4', 'W5', 'scarf', 'hat']));
      expect(walked.pages).toBe(Math.ceil(7 / limit));
      expect(new Set(walked.totals)).toEqual(new Set([7]));
    }
  });

  it('pages a collapsed browse (no q) by id, one product per group', async () => {
    const walked = await allPages('collapse_variants=true', 2);
    expect(walked.entries.map((e) => e.id)).toEqual(['hat', 'jk-a', 'scarf', 'w1-l', 'w2-l', 'w3-l', 'w4-l', 'w5-l']);
    expect(walked.entries.map((e) => e.sibling_count)).toEqual([0, 1, 0, 2, 2, 2, 2, 2]);
    expect(walked.totals[0]).toBe(8);
  });

  it('collapses a sorted search to the first product of each group in that order, over pages', async () => {
    const asc = await allPages('q=sweater&sort=price_asc&collapse_variants=true', 2);
    expect(asc.entries.map((e) => e.id)).toEqual(['w1-s', 'w2-s', 'w3-s', 'w4-s', 'w5-s']);
    expect(asc.entries.map((e) => e.sibling_count)).toEqual([2, 2, 2, 2, 2]);
    expect(asc.totals[0]).toBe(5);
    const desc = await allPages('q=sweater&sort=price_desc&collapse_variants=true', 2);
    expect(desc.entries.map((e) => e.id)).toEqual(['w5-l', 'w4-l', 'w3-l', 'w2-l', 'w1-l']);
  });

  it('collapses a sorted browse', async () => {
    const asc = await allPages('sort=price_asc&collapse_variants=true&brand=northwind', 3);
    expect(asc.entries.map((e) => e.id)).toEqual(['w1-s', 'w2-s', 'w3-s', 'w4-s', 'w5-s']);
  });

  it('counts facets over groups when collapsed', async () => {
    const collapsed = await get('q=sweater&collapse_variants=true').then(() =>
      authed(t.http, caller).get('/v1/catalogs/products/facets?q=sweater&collapse_variants=true').expect(200),
    );
    expect(collapsed.body.total_count).toBe(5);
    expect(collapsed.body.brands.values).toEqual([{ value: 'Northwind', count: 5 }]);
    const plain = await authed(t.http, caller).get('/v1/catalogs/products/facets?q=sweater').expect(200);
    expect(plain.body.total_count).toBe(15);
    expect(plain.body.brands.values).toEqual([{ value: 'Northwind', count: 15 }]);
  });

  it('refuses a collapse_variants that is not a boolean', async () => {
    expectErrorShape(await get('q=wool&collapse_variants=maybe'), 422, 'validation');
  });

  it('answers UCP search with one product per group whose variants are the group’s matches, ids unchanged', async () => {
    const answer = await authed(t.http, caller)
      .post('/ucp/catalog/search')
      .send({ query: 'sweater', pagination: { limit: 2 } })
      .expect(200);
    const products = answer.body.products as Array<{
      id: string;
      variants: Array<{ id: string; price: { amount: number } }>;
      price_range: { min: { amount: number }; max: { amount: number } };
      metadata: { sibling_count: number; group_id: string };
    }>;
    expect(products.map((p) => p.id)).toEqual(['w1-l', 'w2-l']);
    expect(products[0].variants.map((v) => v.id)).toEqual(['w1-l', 'w1-m', 'w1-s']);
    expect(products[0].price_range).toEqual({ min: { amount: 1000, currency: 'EUR' }, max: { amount: 1200, currency: 'EUR' } });
    expect(products[0].metadata).toMatchObject({ sibling_count: 2, group_id: 'W1' });
    expect(answer.body.pagination).toMatchObject({ has_next_page: true, total_count: 5 });
    // Every variant id is a product id a lookup (and a checkout line item) takes.
    const lookup = await authed(t.http, caller)
      .post('/ucp/catalog/lookup')
      .send({ ids: ['w1-s'] })
      .expect(200);
    expect(lookup.body.products.map((p: { id: string }) => p.id)).toEqual(['w1-s']);
    const next = await authed(t.http, caller)
      .post('/ucp/catalog/search')
      .send({ query: 'sweater', pagination: { limit: 2, cursor: answer.body.pagination.cursor } })
      .expect(200);
    expect(next.body.products.map((p: { id: string }) => p.id)).toEqual(['w3-l', 'w4-l']);
  });

  it('keeps UCP filters per variant: a variant outside the filters is not listed', async () => {
    const answer = await authed(t.http, caller)
      .post('/ucp/catalog/search')
      .send({ query: 'sweater style 1', filters: { available: true } })
      .expect(200);
    const first = answer.body.products[0] as { id: string; variants: Array<{ id: string }> };
    expect(first.id).toBe('w1-m');
    expect(first.variants.map((v) => v.id)).toEqual(['w1-m', 'w1-s']);
  });

  it('answers MCP search_catalog collapsed like UCP', async () => {
    const answer = await callMcpTool(t.http, caller.auth, 'search_catalog', {
      meta: UCP_META,
      catalog: { query: 'waterproof jacket' },
    }).expect(200);
    const products = answer.body.result.structuredContent.products as Array<{ id: string; variants: Array<{ id: string }> }>;
    expect(products.map((p) => p.id)).toEqual(['jk-b']);
    expect(products[0].variants.map((v) => v.id)).toEqual(['jk-b', 'jk-a']);
  });
});
