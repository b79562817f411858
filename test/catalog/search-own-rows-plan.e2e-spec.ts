import request from 'supertest';
import { DataSource } from 'typeorm';
import { WRITE_SEARCH_ROWS } from '../../src/catalog/indexing/search-row-sql';
import { authed } from '../support/authed';
import { collectPlans, explainingEveryStatement, type ExplainedStatement, planNodes } from '../support/explained-plans';
import { createCaller, type TestCaller } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { UCP_META } from '../support/ucp-catalog';

/** The tables the search path reads that hold every organization's rows. */
const TENANT_TABLES = new Set(['products', 'product_search', 'search_vocabulary', 'catalog_synonyms', 'catalog_stats']);

const TENANT_INDEX = /^(products|product_search|search_vocabulary|catalog_synonyms|catalog_stats)_/;

/** Index conditions that name the organization, or category keys (which embed it: product_category_key). */
const OWN_ROWS = /organization_id|category_keys/;

const BIG = 20_000;
const SMALL = 300;

/**
 * Issue 32: no statement of the search path may read another organization's rows, whatever the
 * planner believes. The large organization here holds nearly every row of the database, the case
 * where a sequential scan looks cheapest to the planner (and reads every other organization's rows,
 * to the end when a word is missing). Every statement the service runs for REST, UCP and MCP
 * searches, pages, filters and facets is explained (auto_explain) as it runs.
 */
describe("Search plans read only the organization's rows", () => {
  let t: TestApp;
  let big: TestCaller;
  let plans: ExplainedStatement[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      worker: false,
      config: (c) => ({ ...c, databaseUrl: explainingEveryStatement(c.databaseUrl), reads: { ...c.reads, statementTimeoutMs: 120_000 } }),
    });
    big = await createCaller(t.app);
    const others = [await createCaller(t.app), await createCaller(t.app)];
    const db = t.app.get(DataSource);
    const insert = (organizationId: string, count: number) =>
      db.query(
        `INSERT INTO products (organization_id, product_id, content_hash, data)
         SELECT $1, 'p-' || lpad(i::text, 6, '0'), '\\x00', jsonb_build_object(
                  'id', 'p-' || lpad(i::text, 6, '0'),
                  'title', CASE WHEN i % 4 = 0 THEN 'Wool sweater' ELSE (ARRAY['Cotton shirt', 'Leather boots', 'Linen dress'])[1 + i % 3] END || ' ' || i,
                  'brand', (ARRAY['Kestrel', 'Heron', 'Osprey'])[1 + i % 3],
                  'categories', jsonb_build_array((ARRAY['Apparel > Tops', 'Apparel > Shoes'])[1 + i % 2]),
                  'availability', (ARRAY['in_stock', 'out_of_stock'])[1 + i % 2],
                  'price', jsonb_build_object('amount', 10 + i % 90, 'currency', (ARRAY['EUR', 'USD'])[1 + i % 2]),
                  'group_id', 'g-' || (i / 4),
                  'description', 'Made from merino wool and cotton')
           FROM generate_series(1, $2) AS i`,
        [organizationId, count],
      );
    await insert(big.organizationId, BIG);
    for (const other of others) await insert(other.organizationId, SMALL);
    for (const organizationId of [big.organizationId, ...others.map((o) => o.organizationId)]) {
      // $2: the rows picked at most, $3: SEARCH_VOCABULARY_MAX_WORDS (the indexer's statement takes both).
      await db.query(
        `WITH picked AS (SELECT product_id FROM products WHERE organization_id = $1 LIMIT $2), ${WRITE_SEARCH_ROWS} SELECT 1`,
        [organizationId, BIG, 200_000],
      );
    }
    for (const table of TENANT_TABLES) await db.query(`ANALYZE ${table}`);

    plans = collectPlans(db);
  }, 120_000);
  afterAll(() => t.close());

  const rest = (path: string) => authed(t.http, big).get(path).expect(200);
  const mcp = (catalog: Record<string, unknown>) =>
    request(t.http)
      .post('/mcp')
      .set({ Authorization: big.auth, Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' })
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_catalog', arguments: { meta: UCP_META, catalog } } })
      .expect(200);

  it('pages exactly over more than 10,000 matches: the true top by score, then id, on page 1 and through the cursor', async () => {
    // "wool" is in every description and in the title of every 4th product: those rank first, by id.
    const ids = (k: number) => Array.from({ length: 10 }, (_, j) => `p-${String(4 * (k * 10 + j + 1)).padStart(6, '0')}`);
    const first = await rest('/v1/catalogs/products?q=wool&limit=10');
    expect(first.body.data.map((p: { id: string }) => p.id)).toEqual(ids(0));
    expect(first.body.total_count_exact).toBe(false);
    const second = await rest(`/v1/catalogs/products?q=wool&limit=10&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.body.data.map((p: { id: string }) => p.id)).toEqual(ids(1));
  });

  it("explains every REST, UCP and MCP read of a large organization without a scan of another organization's rows", async () => {
    const queries = [
      'q=wool',
      'q=sweater',
      'q=wool%20sweater',
      'q=zeppelin',
      'q=zeppelin%20sweater',
      'q=sweatr',
      'q=swea',
      'q=%22wool%20sweater%22',
      'q=sweater%20-cotton',
      'q=wool&brand=Kestrel',
      'q=wool&category=Apparel',
      'q=wool&availability=in_stock&price_min=20&price_max=50&currency=EUR',
      'brand=Kestrel',
      'category=Apparel%20%3E%20Shoes',
      'availability=in_stock',
      'price_min=20&price_max=50&currency=EUR',
      '',
      // Sorted orders (issue 31 goal 5): searches, browses, a word-inferred sort, a currency's prices.
      'q=wool&sort=price_asc',
      'q=wool%20sweater&sort=price_desc',
      'q=zeppelin%20sweater&sort=newest',
      'q=cheapest%20sweater',
      'sort=price_asc',
      'sort=newest',
      'sort=price_desc&currency=USD',
      'sort=newest&brand=Kestrel',
      // Collapsed by variant group (issue 31 goal 4): ranked, sorted and browsed pages.
      'q=wool&collapse_variants=true',
      'q=zeppelin%20sweater&collapse_variants=true',
      'q=wool%20sweater&sort=price_asc&collapse_variants=true',
      'collapse_variants=true',
      'brand=Kestrel&collapse_variants=true',
    ];
    for (const query of queries) {
      const page = await rest(`/v1/catalogs/products?limit=10&${query}`);
      if (page.body.next_cursor) await rest(`/v1/catalogs/products?limit=10&${query}&cursor=${encodeURIComponent(page.body.next_cursor)}`);
    }
    for (const query of ['q=wool', 'q=zeppelin%20sweater', 'brand=Kestrel', '', 'q=wool&collapse_variants=true', 'collapse_variants=true'])
      await rest(`/v1/catalogs/products/facets?${query}`);
    await authed(t.http, big).post('/ucp/catalog/search').send({ query: 'warm wool sweater for winter' }).expect(200);
    await mcp({ query: 'leather boots', filters: { available: true } });
    await mcp({ query: 'leather boots', sort: 'price_asc' });

    const reads = plans.flatMap(({ query, plan }) =>
      [...planNodes(plan)]
        .filter((n) => TENANT_TABLES.has(n['Relation Name'] ?? '') || TENANT_INDEX.test(n['Index Name'] ?? ''))
        .map((node) => ({ query, node })),
    );
    const offending = reads
      .filter(({ node }) => {
        if (node['Node Type'] === 'Seq Scan') return true;
        if (node['Node Type'] === 'Bitmap Heap Scan') return false; // reads what its index scans found
        return /Index/.test(node['Node Type']) && !OWN_ROWS.test(node['Index Cond'] ?? '');
      })
      .map(
        ({ query, node }) =>
          `${node['Node Type']} on ${node['Relation Name'] ?? node['Index Name']} (${node['Index Cond'] ?? 'no index condition'}) in: ${query.replace(/\s+/g, ' ').slice(0, 300)}`,
      );
    expect(offending).toEqual([]);
    // The capture worked: product_search is read through the full-text index, and the other tables too.
    expect(reads.some(({ node }) => node['Index Name'] === 'product_search_idx')).toBe(true);
    expect(reads.some(({ node }) => node['Relation Name'] === 'products')).toBe(true);
    expect(reads.some(({ node }) => node['Relation Name'] === 'search_vocabulary')).toBe(true);
  });
});
