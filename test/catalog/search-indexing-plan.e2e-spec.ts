import { DataSource } from 'typeorm';
import { INDEX_PENDING } from '../../src/catalog/indexing/search-index.repository';
import { SEARCH_INDEX_CHUNK } from '../../src/catalog/indexing/search-indexer.service';
import { createCaller } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

function* nodes(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodes(child);
}

/**
 * The first import of an organization into a large database: the planner has no statistics for
 * it yet and estimates its products at about one row. Indexing must still look each pending id up
 * through the primary key; a plan that reads the organization's products and compares each with
 * every pending id costs seconds per chunk once the organization holds tens of thousands.
 */
describe('Search indexing plan for an organization the statistics do not know', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reads products by (organization_id, product_id) for every pending id', async () => {
    const known = await createCaller(t.app);
    const fresh = await createCaller(t.app);
    const db = t.app.get(DataSource);
    const insert = (organizationId: string, count: number) =>
      `INSERT INTO products (organization_id, product_id, content_hash, data)
       SELECT '${organizationId}', 'p-' || i, '\\x00', jsonb_build_object('id', 'p-' || i, 'title', 'Wool sweater ' || i)
         FROM generate_series(1, ${count}) AS i`;
    await db.query(insert(known.organizationId, 3000));
    await db.query('ANALYZE products');

    const runner = db.createQueryRunner();
    await runner.startTransaction();
    try {
      // Uncommitted, so no analysis can see them: the planner knows nothing of this organization.
      await runner.query(insert(fresh.organizationId, 2000));
      await runner.query(
        `INSERT INTO product_search_pending (organization_id, product_id) SELECT organization_id, product_id FROM products WHERE organization_id = $1`,
        [fresh.organizationId],
      );
      const [
        {
          'QUERY PLAN': [plan],
        },
      ]: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }> = await runner.query(`EXPLAIN (FORMAT JSON) ${INDEX_PENDING}`, [
        fresh.organizationId,
        SEARCH_INDEX_CHUNK,
        200_000, // SEARCH_VOCABULARY_MAX_WORDS
      ]);
      const productReads = [...nodes(plan.Plan)].filter((n) => n['Relation Name'] === 'products');
      expect(productReads.length).toBeGreaterThan(0);
      for (const read of productReads) {
        expect(read['Node Type']).toBe('Index Scan');
        expect(read['Index Cond']).toMatch(/product_id = /);
      }
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });
});
