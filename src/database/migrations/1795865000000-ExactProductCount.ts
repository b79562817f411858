import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An exact product count per organization (`catalog_counts.products`), kept by PostgreSQL in the
 * transaction of every write to `products`: GET /v1/catalogs and catalog_overview read the count as
 * of the last commit, so it is exact the moment a job reads `done`, after a delete, whatever wrote.
 *
 * - Statement-level triggers with transition tables add what a statement inserted (a batch's COPY;
 *   an INSERT … ON CONFLICT DO UPDATE lists only the rows it inserted) and subtract what it deleted
 *   (a single delete, replace's final delete, an organization's delete): one UPDATE per organization
 *   per statement, never one per row, in organization order (two statements spanning organizations
 *   lock their rows in the same order).
 * - A row per organization, inserted with it and deleted with it by delete_organization_products
 *   after its products. The triggers on products only UPDATE: no foreign-key check on the import's
 *   path (docs/decisions/no-foreign-keys-on-bulk-tables.md), and an organization's delete neither
 *   fails nor brings its row back. With a cascading key instead, the cascade on catalog_counts could
 *   run before the one on import_jobs (RI triggers fire in name order, named by OID) and deadlock
 *   with the batch it waits for.
 * - Each organization has its own row: imports of two organizations never wait for each other; one
 *   organization's writers are serialized already (its import lock).
 * - products.organization_id is never updated, so updates are not counted.
 *
 * catalog_stats.product_count stays for builds older than this one (a rolling upgrade); this build
 * neither reads nor writes it.
 */
export class ExactProductCount1795865000000 implements MigrationInterface {
  name = 'ExactProductCount1795865000000';

  async up(q: QueryRunner): Promise<void> {
    // No write may fall between the count below and the triggers (the order an organization delete takes them in).
    await q.query(`LOCK TABLE organizations, products IN SHARE ROW EXCLUSIVE MODE`);
    await q.query(`
      CREATE TABLE catalog_counts (
        organization_id uuid PRIMARY KEY,
        products bigint NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE FUNCTION count_products() RETURNS trigger
        LANGUAGE plpgsql
        AS $$
        DECLARE
          direction int := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
          r record;
        BEGIN
          FOR r IN SELECT organization_id, count(*) AS n FROM changed GROUP BY organization_id ORDER BY organization_id LOOP
            UPDATE catalog_counts SET products = products + direction * r.n WHERE organization_id = r.organization_id;
          END LOOP;
          RETURN NULL;
        END
        $$`);
    await q.query(`
      CREATE TRIGGER products_count_inserted AFTER INSERT ON products
        REFERENCING NEW TABLE AS changed
        FOR EACH STATEMENT EXECUTE FUNCTION count_products()`);
    await q.query(`
      CREATE TRIGGER products_count_deleted AFTER DELETE ON products
        REFERENCING OLD TABLE AS changed
        FOR EACH STATEMENT EXECUTE FUNCTION count_products()`);
    await q.query(`
      CREATE FUNCTION reset_product_counts() RETURNS trigger
        LANGUAGE plpgsql
        AS $$
        BEGIN
          UPDATE catalog_counts SET products = 0 WHERE products <> 0;
          RETURN NULL;
        END
        $$`);
    await q.query(`
      CREATE TRIGGER products_count_truncated AFTER TRUNCATE ON products
        FOR EACH STATEMENT EXECUTE FUNCTION reset_product_counts()`);
    await q.query(`
      CREATE FUNCTION create_catalog_counts() RETURNS trigger
        LANGUAGE plpgsql
        AS $$
        BEGIN
          INSERT INTO catalog_counts (organization_id) SELECT id FROM created;
          RETURN NULL;
        END
        $$`);
    await q.query(`
      CREATE TRIGGER organizations_catalog_counts AFTER INSERT ON organizations
        REFERENCING NEW TABLE AS created
        FOR EACH STATEMENT EXECUTE FUNCTION create_catalog_counts()`);
    await q.query(`
      CREATE OR REPLACE FUNCTION delete_organization_products() RETURNS trigger
        LANGUAGE plpgsql
        AS $$
        BEGIN
          DELETE FROM product_search_pending WHERE organization_id = OLD.id;
          DELETE FROM products WHERE organization_id = OLD.id;
          DELETE FROM product_search WHERE organization_id = OLD.id;
          DELETE FROM search_vocabulary WHERE organization_id = OLD.id;
          DELETE FROM catalog_counts WHERE organization_id = OLD.id;
          RETURN OLD;
        END
        $$`);
    await q.query(`
      INSERT INTO catalog_counts (organization_id, products)
      SELECT o.id, coalesce(c.n, 0)
        FROM organizations o
        LEFT JOIN (SELECT organization_id, count(*) AS n FROM products GROUP BY organization_id) c ON c.organization_id = o.id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION delete_organization_products() RETURNS trigger
        LANGUAGE plpgsql
        AS $$
        BEGIN
          DELETE FROM product_search_pending WHERE organization_id = OLD.id;
          DELETE FROM products WHERE organization_id = OLD.id;
          DELETE FROM product_search WHERE organization_id = OLD.id;
          DELETE FROM search_vocabulary WHERE organization_id = OLD.id;
          RETURN OLD;
        END
        $$`);
    await q.query(`DROP TRIGGER organizations_catalog_counts ON organizations`);
    await q.query(`DROP FUNCTION create_catalog_counts()`);
    await q.query(`DROP TRIGGER products_count_truncated ON products`);
    await q.query(`DROP FUNCTION reset_product_counts()`);
    await q.query(`DROP TRIGGER products_count_deleted ON products`);
    await q.query(`DROP TRIGGER products_count_inserted ON products`);
    await q.query(`DROP FUNCTION count_products()`);
    // The older build reads catalog_stats.product_count: recomputed from the catalog by its worker.
    await q.query(`UPDATE catalog_stats SET version = version + 1`);
    await q.query(`DROP TABLE catalog_counts`);
  }
}
