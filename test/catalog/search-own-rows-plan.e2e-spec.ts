import { DataSource } from 'typeorm';
import { authed } from '../support/authed';
import { collectPlans, explainingEveryStatement, type ExplainedStatement, planNodes } from '../support/explained-plans';
import { createCaller, type TestCaller } from '../support/factories';
import { insertIndexedProducts, runSearchReadMix } from '../support/search-read-mix';
import { createTestApp, type TestApp } from '../support/test-app';

/** The tables the search path reads that hold every organization's rows. */
const TENANT_TABLES = new Set(['products', 'product_search', 'search_vocabulary', 'catalog_synonyms', 'catalog_stats']);

/** What plans name: the search table's partition that holds these organizations (migration PartitionedSearch1795870000000). */
const SCANNED_TABLES = new Set([...TENANT_TABLES, 'product_search_shared']);

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
    await insertIndexedProducts(db, big.organizationId, BIG);
    for (const other of others) await insertIndexedProducts(db, other.organizationId, SMALL);
    for (const table of TENANT_TABLES) await db.query(`ANALYZE ${table}`);

    plans = collectPlans(db);
  }, 120_000);
  afterAll(() => t.close());

  const rest = (path: string) => authed(t.http, big).get(path).expect(200);

  it('pages exactly over more than 10,000 matches: the true top by score, then id, on page 1 and through the cursor', async () => {
    // "wool" is in every description and in the title of every 4th product: those rank first, by id.
    const ids = (k: number) => Array.from({ length: 10 }, (_, j) => `p-${String(4 * (k * 10 + j + 1)).padStart(6, '0')}`);
    const first = await rest('/v1/catalogs/products?q=wool&limit=10');
    expect(first.body.data.map((p: { id: string }) => p.id)).toEqual(ids(0));
    expect(first.body.total_count_exact).toBe(false);
    const second = await rest(`/v1/catalogs/products?q=wool&limit=10&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(second.body.data.map((p: { id: string }) => p.id)).toEqual(ids(1));
  });

  it('counts facets over 10,000 of more matches and says so: every count a lower bound of the count over all', async () => {
    const facets = (await rest('/v1/catalogs/products/facets?q=wool')).body as {
      total_count: number;
      total_count_exact: boolean;
      brands: { values: Array<{ value: string; count: number }>; other_count: number; missing_count: number };
    };
    expect(facets.total_count).toBe(10_000);
    expect(facets.total_count_exact).toBe(false);
    const brands = facets.brands;
    // Of the 10,000 counted, not of the 20,000 that match.
    expect(brands.values.reduce((sum, v) => sum + v.count, 0) + brands.other_count + brands.missing_count).toBe(10_000);
  });

  it("explains every REST, UCP and MCP read of a large organization without a scan of another organization's rows", async () => {
    await runSearchReadMix(t, big);

    const reads = plans.flatMap(({ query, plan }) =>
      [...planNodes(plan)]
        .filter((n) => SCANNED_TABLES.has(n['Relation Name'] ?? '') || TENANT_INDEX.test(n['Index Name'] ?? ''))
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
