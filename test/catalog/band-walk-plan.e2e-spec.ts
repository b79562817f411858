import { DataSource } from 'typeorm';
import { WRITE_SEARCH_ROWS } from '../../src/catalog/indexing/search-row-sql';
import { SCORE_WHOLE_TIER } from '../../src/catalog/search/ranking/limits';
import { BAND_WALK_FIRST_ROWS, BAND_WALK_ROWS } from '../../src/catalog/search/ranking/limits';
import { authed } from '../support/authed';
import { collectPlans, type ExplainedStatement, explainingEveryStatement, planNodes } from '../support/explained-plans';
import { createCaller, type TestCaller } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

/** Products of the searched organization when product_search was last analyzed, and after. */
const AT_ANALYZE = 50;
const AFTER = 5_000;
/** One title match in TITLE_EVERY: the first step of the walk holds fewer than a page of 10. */
const TITLE_EVERY = 50;

const WALK = /AS walked/;

/**
 * The top band's walk reads the organization's next rows in id order through the primary key,
 * whatever the statistics say (tier-ranking.ts inIdOrder). Planned from statistics that predate an
 * import, it was a bitmap scan of the whole organization and a sort; the settings that forbid that
 * apply to the walk's statements only, and every other statement of the read is planned as before.
 */
describe("The top band's walk with statistics that predate the import", () => {
  let t: TestApp;
  let caller: TestCaller;
  let plans: ExplainedStatement[] = [];

  beforeAll(async () => {
    t = await createTestApp({ worker: false, config: (c) => ({ ...c, databaseUrl: explainingEveryStatement(c.databaseUrl) }) });
    caller = await createCaller(t.app);
    const other = await createCaller(t.app);
    const db = t.app.get(DataSource);
    const insert = async (organizationId: string, from: number, to: number) => {
      await db.query(
        `INSERT INTO products (organization_id, product_id, content_hash, data)
         SELECT $1, 'p-' || lpad(i::text, 6, '0'), '\\x00', jsonb_build_object(
                  'id', 'p-' || lpad(i::text, 6, '0'),
                  'title', CASE WHEN i % $4 = 0 THEN 'Brass lamp ' ELSE 'Oak shelf ' END || i,
                  'description', 'Goes well with any lamp')
           FROM generate_series($2::int, $3::int) AS i`,
        [organizationId, from, to, TITLE_EVERY],
      );
      await db.query(
        `WITH picked AS (SELECT product_id FROM products WHERE organization_id = $1 LIMIT $2), ${WRITE_SEARCH_ROWS} SELECT 1`,
        [organizationId, AFTER + AT_ANALYZE, 200_000],
      );
    };
    await insert(other.organizationId, 1, AFTER);
    await insert(caller.organizationId, 1, AT_ANALYZE);
    await db.query('ANALYZE product_search');
    await insert(caller.organizationId, AT_ANALYZE + 1, AT_ANALYZE + AFTER);
    plans = collectPlans(db);
  }, 120_000);
  afterAll(() => t.close());

  it('walks through the primary key in both steps, and plans the rest of the read with its own settings', async () => {
    // A tier too large to score whole, whose band the first step cannot fill a page from.
    expect(AT_ANALYZE + AFTER).toBeGreaterThan(SCORE_WHOLE_TIER);
    expect(BAND_WALK_FIRST_ROWS / TITLE_EVERY).toBeLessThan(10);
    expect(BAND_WALK_ROWS / TITLE_EVERY).toBeGreaterThan(10);
    const titled = Array.from({ length: 10 }, (_, j) => `p-${String(TITLE_EVERY * (j + 1)).padStart(6, '0')}`);
    const page = await authed(t.http, caller).get('/v1/catalogs/products?q=lamp&limit=10').expect(200);
    expect(page.body.data.map((p: { id: string }) => p.id)).toEqual(titled);
    // A longer page: the band read whole through the full-text index after the walk.
    await authed(t.http, caller).get('/v1/catalogs/products?q=lamp&limit=100').expect(200);

    const walks = plans.filter((p) => WALK.test(p.query));
    expect(walks.length).toBe(4); // two steps per search
    for (const walk of walks) {
      const kinds = [...planNodes(walk.plan)].map((n) => `${n['Node Type']} ${n['Index Name'] ?? n['Relation Name'] ?? ''}`.trim());
      expect(kinds).toContain('Index Scan product_search_shared_pkey');
      expect(kinds.filter((k) => /Sort|Bitmap|Seq Scan/.test(k))).toEqual([]);
      expect(walk.settings).toMatchObject({ enable_sort: 'off', enable_bitmapscan: 'off' });
    }
    // The search's other statements (the band read whole after the walk among them) are planned as
    // the rest of the read is (functions with settings of their own, e.g. the vocabulary lookups, aside).
    const others = plans.filter((p) => !WALK.test(p.query) && /FROM product_search s/.test(p.query));
    expect(others.some((p) => /WITH b AS MATERIALIZED/.test(p.query))).toBe(true);
    for (const statement of others) {
      expect({
        query: statement.query,
        enable_sort: statement.settings.enable_sort,
        enable_bitmapscan: statement.settings.enable_bitmapscan,
      }).toEqual({
        query: statement.query,
        enable_sort: undefined,
        enable_bitmapscan: undefined,
      });
    }
  });
});
