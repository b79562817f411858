import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { SearchIndexRepository } from '../../src/catalog/indexing/search-index.repository';
import { SearchPartitionMoverService } from '../../src/catalog/partitions/search-partition-mover.service';
import {
  OWN_PARTITION_INDEXES,
  ownPartitionName,
  SHARED_PARTITION,
  sharedExclusionName,
} from '../../src/catalog/partitions/search-partition-sql';
import { SEARCH_PARTITION_LOCK_NAMESPACE } from '../../src/database/organization-lock-key';
import { authed } from '../support/authed';
import { collectPlans, explainingEveryStatement, type ExplainedStatement, planNodes } from '../support/explained-plans';
import { createCaller, type TestCaller } from '../support/factories';
import { insertIndexedProducts, runSearchReadMix } from '../support/search-read-mix';
import { createTestApp, type TestApp } from '../support/test-app';
import { loadConfig } from '../../src/common/config/load-config';

const SMALL = 300;

/**
 * SEARCH_PARTITION_PRODUCTS for this app, and the big organization's size: past every organization
 * earlier specs left in this Jest worker's database, so that the big one is the only one to move.
 */
async function sizesPastEveryOrganization(databaseUrl: string): Promise<{ threshold: number; big: number }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ largest: number }>(
      `SELECT CASE WHEN to_regclass('catalog_counts') IS NULL THEN 0
                   ELSE (SELECT coalesce(max(products), 0)::int FROM catalog_counts) END AS largest`,
    );
    const threshold = Math.max(5_000, rows[0].largest + 1);
    // A multiple of 4: its last two ids are not titled "Wool sweater" (the traffic deletes them).
    return { threshold, big: Math.ceil((threshold + 1_000) / 4) * 4 };
  } finally {
    await client.end();
  }
}

const productId = (i: number) => `p-${String(i).padStart(6, '0')}`;

/** The reads the traffic repeats, per organization: page 1's ids (and, for the small one, its count) must not change. */
const TRAFFIC = ['q=wool', 'q=sweater', 'q=wool%20sweater', 'brand=Kestrel', 'category=Apparel%20%3E%20Shoes', 'q=swea'];

/**
 * Issue 43 goal 1: an organization past SEARCH_PARTITION_PRODUCTS moves to a search partition of its
 * own, online: reads of it and of others answer, and answer the same, throughout; its deletes go on;
 * its indexing pauses and resumes; a move a dead worker left is rolled back; a deleted
 * organization's partition goes. Then every read of the moved organization is planned on its own
 * partition only (auto_explain of every statement the service runs).
 */
describe('Search partitions', () => {
  let t: TestApp;
  let db: DataSource;
  let big: TestCaller;
  let small: TestCaller;
  let plans: ExplainedStatement[] = [];
  let bigProducts = 0;

  beforeAll(async () => {
    const sizes = await sizesPastEveryOrganization(loadConfig().databaseUrl);
    bigProducts = sizes.big;
    t = await createTestApp({
      worker: false,
      config: (c) => ({
        ...c,
        databaseUrl: explainingEveryStatement(c.databaseUrl),
        reads: { ...c.reads, statementTimeoutMs: 120_000 },
        catalog: { ...c.catalog, partitionProducts: sizes.threshold },
      }),
    });
    db = t.app.get(DataSource);
    big = await createCaller(t.app);
    small = await createCaller(t.app);
    await insertIndexedProducts(db, big.organizationId, bigProducts);
    await insertIndexedProducts(db, small.organizationId, SMALL);
    await db.query('ANALYZE product_search');
    plans = collectPlans(db);
  }, 120_000);
  afterAll(() => t.close());

  const page = async (caller: TestCaller, query: string) => {
    const res = await authed(t.http, caller).get(`/v1/catalogs/products?limit=10&${query}`);
    return {
      status: res.status,
      ids: ((res.body.data ?? []) as Array<{ id: string }>).map((p) => p.id),
      total: res.body.total_count as number,
    };
  };
  const rowsOf = async (table: string, organizationId: string) =>
    ((await db.query(`SELECT count(*)::int AS n FROM "${table}" WHERE organization_id = $1`, [organizationId])) as Array<{ n: number }>)[0]
      .n;
  const relationExists = async (name: string) =>
    ((await db.query(`SELECT to_regclass($1) IS NOT NULL AS e`, [`"${name}"`])) as Array<{ e: boolean }>)[0].e;
  const sharedChecks = async () =>
    (
      (await db.query(`SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'c' ORDER BY 1`, [
        SHARED_PARTITION,
      ])) as Array<{
        conname: string;
      }>
    ).map((r) => r.conname);

  it('pauses the indexing of an organization whose rows the mover holds, and only its', async () => {
    const mover = new Client({ connectionString: t.config.databaseUrl });
    await mover.connect();
    const index = t.app.get(SearchIndexRepository);
    try {
      for (const caller of [big, small])
        await db.query(`INSERT INTO product_search_pending (organization_id, product_id) VALUES ($1, 'p-000001')`, [caller.organizationId]);
      await mover.query('SELECT pg_advisory_lock($1, hashtext($2))', [SEARCH_PARTITION_LOCK_NAMESPACE, big.organizationId]);
      await expect(index.indexPending(big.organizationId, 10, 200_000)).resolves.toEqual({ taken: 0, wordsLeftOut: 0, paused: true });
      await expect(index.indexPending(small.organizationId, 10, 200_000)).resolves.toMatchObject({ taken: 1, paused: false });
      await mover.query('SELECT pg_advisory_unlock($1, hashtext($2))', [SEARCH_PARTITION_LOCK_NAMESPACE, big.organizationId]);
      await expect(index.indexPending(big.organizationId, 10, 200_000)).resolves.toMatchObject({ taken: 1, paused: false });
    } finally {
      await mover.end();
    }
  });

  it('moves the organization past the threshold while reads of it and of others answer the same throughout, and its deletes go on', async () => {
    const expected = new Map<string, Awaited<ReturnType<typeof page>>>();
    for (const caller of [big, small]) for (const q of TRAFFIC) expected.set(`${caller.organizationId} ${q}`, await page(caller, q));
    // Deleted during the move: on no page 1 above (the last ids, not titled "Wool sweater").
    const deleted = [productId(bigProducts - 2), productId(bigProducts - 1)];
    for (const answer of expected.values()) expect(answer.ids.filter((id) => deleted.includes(id))).toEqual([]);

    let moving = true;
    let served = 0;
    const wrong: string[] = [];
    const traffic = Array.from({ length: 3 }, async (_, lane) => {
      for (let i = lane; moving; i++) {
        const caller = i % 2 === 0 ? big : small;
        const q = TRAFFIC[i % TRAFFIC.length];
        const got = await page(caller, q);
        const want = expected.get(`${caller.organizationId} ${q}`)!;
        served++;
        const same = got.status === 200 && got.ids.join() === want.ids.join() && (caller === big || got.total === want.total);
        if (!same) wrong.push(`${caller === big ? 'big' : 'small'} ${q}: ${got.status} ${got.ids.join()} (${got.total})`);
      }
    });
    const deletes = (async () => {
      await sleep(20);
      for (const id of deleted) await authed(t.http, big).delete(`/v1/catalogs/products/${id}`).expect(204);
    })();
    await sleep(100);
    const servedBefore = served;
    const outcome = await t.app.get(SearchPartitionMoverService).pass();
    const servedDuring = served - servedBefore;
    await deletes;
    moving = false;
    await Promise.all(traffic);

    expect(outcome).toEqual({ moved: big.organizationId, rolledBack: [], dropped: [] });
    expect(wrong).toEqual([]);
    expect(servedDuring).toBeGreaterThan(0);
    const relation = ownPartitionName(big.organizationId);
    const [row] = (await db.query(
      `SELECT p.state, EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhparent = 'product_search'::regclass AND i.inhrelid = $2::regclass) AS attached
         FROM search_partitions p WHERE p.organization_id = $1`,
      [big.organizationId, relation],
    )) as Array<{ state: string; attached: boolean }>;
    expect(row).toEqual({ state: 'own', attached: true });
    await expect(rowsOf(SHARED_PARTITION, big.organizationId)).resolves.toBe(0);
    await expect(rowsOf(relation, big.organizationId)).resolves.toBe(bigProducts - deleted.length);
    await expect(rowsOf(SHARED_PARTITION, small.organizationId)).resolves.toBe(SMALL);
    expect(await sharedChecks()).toEqual([sharedExclusionName(big.organizationId)]);
    for (const q of TRAFFIC) {
      await expect(page(big, q).then((p) => p.ids)).resolves.toEqual(expected.get(`${big.organizationId} ${q}`)!.ids);
      await expect(page(small, q)).resolves.toEqual(expected.get(`${small.organizationId} ${q}`));
    }
    // Already moved, the small one under the threshold: nothing more to do.
    await expect(t.app.get(SearchPartitionMoverService).pass()).resolves.toEqual({ moved: null, rolledBack: [], dropped: [] });
  });

  it('indexes the moved organization into its own partition, and finds what it indexed', async () => {
    await db.query(
      `INSERT INTO products (organization_id, product_id, content_hash, data)
       VALUES ($1, 'late-1', '\\x00', '{"id": "late-1", "title": "Quillfeather parka"}'::jsonb)`,
      [big.organizationId],
    );
    await db.query(`INSERT INTO product_search_pending (organization_id, product_id) VALUES ($1, 'late-1')`, [big.organizationId]);
    await expect(t.app.get(SearchIndexRepository).indexPending(big.organizationId, 10, 200_000)).resolves.toMatchObject({ taken: 1 });
    const [{ n }] = (await db.query(
      `SELECT count(*)::int AS n FROM "${ownPartitionName(big.organizationId)}" WHERE product_id = 'late-1'`,
    )) as Array<{
      n: number;
    }>;
    expect(n).toBe(1);
    await expect(page(big, 'q=quillfeather').then((p) => p.ids)).resolves.toEqual(['late-1']);
  });

  it("plans every REST, UCP and MCP read of the moved organization on its own partition, never on another organization's rows", async () => {
    const relation = ownPartitionName(big.organizationId);
    await db.query(`ANALYZE "${relation}"`);
    plans.length = 0;
    await runSearchReadMix(t, big);

    const searchReads = plans.flatMap(({ query, plan }) =>
      [...planNodes(plan)]
        .filter((n) => /^product_search/.test(n['Relation Name'] ?? '') || /^product_search/.test(n['Index Name'] ?? ''))
        .map((node) => ({ query, node })),
    );
    const elsewhere = searchReads
      .filter(
        ({ node }) =>
          (node['Relation Name'] ?? relation) !== relation || !(node['Index Name'] ?? `${relation}_`).startsWith(`${relation}_`),
      )
      .map(
        ({ query, node }) =>
          `${node['Node Type']} on ${node['Relation Name'] ?? node['Index Name']} in: ${query.replace(/\s+/g, ' ').slice(0, 200)}`,
      );
    expect(elsewhere).toEqual([]);
    // The capture worked: its own full-text and field indexes were read.
    expect(searchReads.some(({ node }) => node['Index Name'] === `${relation}_search`)).toBe(true);
    expect(searchReads.some(({ node }) => node['Relation Name'] === relation)).toBe(true);
  });

  it('rolls back a move a dead worker left, and drops the partition of a deleted organization', async () => {
    const mover = t.app.get(SearchPartitionMoverService);
    const halfway = ownPartitionName(small.organizationId);
    // What a worker killed between the copy and the attach leaves.
    await db.query(`INSERT INTO search_partitions (organization_id, relation, state) VALUES ($1, $2, 'moving')`, [
      small.organizationId,
      halfway,
    ]);
    await db.query(`CREATE TABLE "${halfway}" (LIKE product_search INCLUDING DEFAULTS)`);
    await db.query(
      `ALTER TABLE ${SHARED_PARTITION} ADD CONSTRAINT "${sharedExclusionName(small.organizationId)}" CHECK (organization_id <> '${small.organizationId}') NOT VALID`,
    );

    await expect(mover.pass()).resolves.toEqual({ moved: null, rolledBack: [small.organizationId], dropped: [] });
    await expect(relationExists(halfway)).resolves.toBe(false);
    expect(await sharedChecks()).toEqual([sharedExclusionName(big.organizationId)]);
    await expect(page(small, 'q=wool').then((p) => p.status)).resolves.toBe(200);

    await db.query(`DELETE FROM organizations WHERE id = $1`, [big.organizationId]);
    await expect(mover.pass()).resolves.toEqual({ moved: null, rolledBack: [], dropped: [big.organizationId] });
    await expect(relationExists(ownPartitionName(big.organizationId))).resolves.toBe(false);
    expect(await sharedChecks()).toEqual([]);
    await expect(db.query(`SELECT organization_id FROM search_partitions`)).resolves.toEqual([]);
  });

  it('gives an own partition every index of the shared partition, the GIN ones without the organization column', async () => {
    const shared = (await db.query(
      `SELECT regexp_replace(pg_get_indexdef(indexrelid), '^.* USING ', 'USING ') AS definition
         FROM pg_index WHERE indrelid = $1::regclass AND NOT indisprimary ORDER BY 1`,
      [SHARED_PARTITION],
    )) as Array<{ definition: string }>;
    const ginWithoutOrganization = shared.map((r) => r.definition.replace(/^USING gin \(organization_id, /, 'USING gin (')).sort();
    expect(OWN_PARTITION_INDEXES.map((i) => i.definition).sort()).toEqual(ginWithoutOrganization);
  });
});
