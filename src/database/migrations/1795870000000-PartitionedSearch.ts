import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * product_search becomes a table partitioned by organization (LIST), so that a large tenant can
 * have a partition of its own: its own indexes, holding only its rows, and its own statistics.
 * The existing table becomes the DEFAULT partition, `product_search_shared`, where every
 * organization starts; the worker moves one that grows past SEARCH_PARTITION_PRODUCTS into its own
 * (SearchPartitionMoverService, docs/operations.md "Search partitions"). No row is copied here:
 * the table is renamed and attached, with its indexes, so this runs in milliseconds at any size.
 *
 * The parent holds only the primary key (the indexer's upsert needs it); every other index is a
 * partition's own: the shared partition keeps the organization-led ones it has, an own partition
 * gets the same without the organization column (search-partition-sql.ts).
 *
 * `search_partitions` lists the organizations with a partition of their own and the move under way.
 * It has no foreign key: its row outlives a deleted organization until the worker drops the partition.
 */
export class PartitionedSearch1795870000000 implements MigrationInterface {
  name = 'PartitionedSearch1795870000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE product_search RENAME TO product_search_shared`);
    await q.query(`ALTER TABLE product_search_shared RENAME CONSTRAINT product_search_pkey TO product_search_shared_pkey`);
    await q.query(`CREATE TABLE product_search (LIKE product_search_shared INCLUDING DEFAULTS) PARTITION BY LIST (organization_id)`);
    await q.query(`ALTER TABLE product_search ADD CONSTRAINT product_search_pkey PRIMARY KEY (organization_id, product_id)`);
    // The only partition so far: its constraint is empty, so attaching it reads no row; its key index becomes the parent's.
    await q.query(`ALTER TABLE product_search ATTACH PARTITION product_search_shared DEFAULT`);
    await q.query(`
      CREATE TABLE search_partitions (
        organization_id uuid PRIMARY KEY,
        relation text NOT NULL UNIQUE,
        state text NOT NULL CHECK (state IN ('moving', 'own')),
        products integer,
        started_at timestamptz NOT NULL DEFAULT now(),
        moved_at timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The shared partition's CHECKs that kept moved organizations out go first, then each own partition's rows
    // go back to it; nothing reads during a down migration.
    const checks = (await q.query(
      `SELECT conname FROM pg_constraint WHERE conrelid = 'product_search_shared'::regclass AND contype = 'c'`,
    )) as Array<{ conname: string }>;
    for (const { conname } of checks) await q.query(`ALTER TABLE product_search_shared DROP CONSTRAINT "${conname}"`);
    const own = (await q.query(`SELECT organization_id, relation FROM search_partitions WHERE state = 'own'`)) as Array<{
      organization_id: string;
      relation: string;
    }>;
    for (const { relation } of own) {
      await q.query(`ALTER TABLE product_search DETACH PARTITION "${relation}"`);
      await q.query(`INSERT INTO product_search SELECT * FROM "${relation}"`);
      await q.query(`DROP TABLE "${relation}"`);
    }
    const moving = (await q.query(`SELECT relation FROM search_partitions WHERE state = 'moving'`)) as Array<{ relation: string }>;
    for (const { relation } of moving) await q.query(`DROP TABLE IF EXISTS "${relation}"`);
    await q.query(`DROP TABLE search_partitions`);
    await q.query(`ALTER TABLE product_search DETACH PARTITION product_search_shared`);
    await q.query(`DROP TABLE product_search`);
    await q.query(`ALTER TABLE product_search_shared RENAME CONSTRAINT product_search_shared_pkey TO product_search_pkey`);
    await q.query(`ALTER TABLE product_search_shared RENAME TO product_search`);
  }
}
