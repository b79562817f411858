import request from 'supertest';
import type { DataSource } from 'typeorm';
import { WRITE_SEARCH_ROWS } from '../../src/catalog/indexing/search-row-sql';
import { authed } from './authed';
import type { TestCaller } from './factories';
import type { TestApp } from './test-app';
import { UCP_META } from './ucp-catalog';

/**
 * `count` products of the organization, written and indexed directly (the indexer's own statement):
 * every 4th titled "Wool sweater", "wool" in every description, three brands, two categories.
 */
export async function insertIndexedProducts(db: DataSource, organizationId: string, count: number): Promise<void> {
  await db.query(
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
  // $2: the rows picked at most, $3: SEARCH_VOCABULARY_MAX_WORDS (the indexer's statement takes both).
  await db.query(`WITH picked AS (SELECT product_id FROM products WHERE organization_id = $1 LIMIT $2), ${WRITE_SEARCH_ROWS} SELECT 1`, [
    organizationId,
    count,
    200_000,
  ]);
}

/** The REST page queries of the read mix: searches, filters, sorts, collapsed pages (issues 31, 32). */
export const PAGE_QUERIES = [
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
  'q=wool&sort=price_asc',
  'q=wool%20sweater&sort=price_desc',
  'q=zeppelin%20sweater&sort=newest',
  'q=cheapest%20sweater',
  'sort=price_asc',
  'sort=newest',
  'sort=price_desc&currency=USD',
  'sort=newest&brand=Kestrel',
  'q=wool&collapse_variants=true',
  'q=zeppelin%20sweater&collapse_variants=true',
  'q=wool%20sweater&sort=price_asc&collapse_variants=true',
  'collapse_variants=true',
  'brand=Kestrel&collapse_variants=true',
];

const FACET_QUERIES = ['q=wool', 'q=zeppelin%20sweater', 'brand=Kestrel', '', 'q=wool&collapse_variants=true', 'collapse_variants=true'];

/** Every kind of read the search path serves, for one organization: REST pages (and their second pages), facets, UCP, MCP. */
export async function runSearchReadMix(t: TestApp, caller: TestCaller): Promise<void> {
  const rest = (path: string) =>
    authed(t.http, caller)
      .get(path)
      .expect((res) => {
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      });
  const mcp = (catalog: Record<string, unknown>) =>
    request(t.http)
      .post('/mcp')
      .set({ Authorization: caller.auth, Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' })
      .send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_catalog', arguments: { meta: UCP_META, catalog } } })
      .expect(200);
  for (const query of PAGE_QUERIES) {
    const page = await rest(`/v1/catalogs/products?limit=10&${query}`);
    if (page.body.next_cursor) await rest(`/v1/catalogs/products?limit=10&${query}&cursor=${encodeURIComponent(page.body.next_cursor)}`);
  }
  for (const query of FACET_QUERIES) await rest(`/v1/catalogs/products/facets?${query}`);
  await authed(t.http, caller).post('/ucp/catalog/search').send({ query: 'warm wool sweater for winter' }).expect(200);
  await mcp({ query: 'leather boots', filters: { available: true } });
  await mcp({ query: 'leather boots', sort: 'price_asc' });
}
