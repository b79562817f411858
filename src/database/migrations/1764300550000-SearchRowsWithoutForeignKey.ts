import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `product_search` loses its foreign key to `products`; deleting products still deletes their
 * search rows, through a statement-level trigger (one join with the deleted rows per statement).
 * The key's check locked every indexed product (FOR KEY SHARE): about a tenth of the search
 * indexer's time (58,382 products: 10.8 s of backend CPU with it, 9.6–9.9 s without), which is
 * search lag after an import and competes with imports for the CPU.
 *
 * Without the lock an indexer statement racing a product delete may write a row for a product
 * just deleted (it read the product before the delete committed). Reads inner-join `products`, so
 * that row is never seen; re-importing the id lists it for indexing again and the indexer's upsert
 * replaces it. Deleting an organization also deletes its pending entries and search rows directly,
 * entries first: an indexer statement that picked some holds them, so the delete waits for it
 * (each statement of the trigger then takes a new snapshot, which sees what it wrote), and one that
 * starts later skips them (SKIP LOCKED). Without that, a row written for an organization being
 * deleted would stay forever (its ids are never imported again).
 */
export class SearchRowsWithoutForeignKey1764300550000 implements MigrationInterface {
  name = 'SearchRowsWithoutForeignKey1764300550000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM product_search s
       WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.organization_id = s.organization_id AND p.product_id = s.product_id)`);
    await q.query(`ALTER TABLE product_search DROP CONSTRAINT product_search_organization_id_product_id_fkey`);
    // EXECUTE plans the join for each statement, with the actual number of deleted rows. A static
    // statement keeps its first plan for the connection's life: after deleting an organization's products
    // (hash join over the whole table), every single product delete scanned all of product_search.
    await q.query(`
      CREATE FUNCTION delete_products_search() RETURNS trigger
        LANGUAGE plpgsql
        AS $$
        BEGIN
          EXECUTE 'DELETE FROM product_search s USING gone g
                    WHERE s.organization_id = g.organization_id AND s.product_id = g.product_id';
          RETURN NULL;
        END
        $$`);
    await q.query(`
      CREATE TRIGGER products_delete_search AFTER DELETE ON products
        REFERENCING OLD TABLE AS gone
        FOR EACH STATEMENT EXECUTE FUNCTION delete_products_search()`);
    await q.query(`
      CREATE OR REPLACE FUNCTION delete_organization_products() RETURNS trigger
        LANGUAGE plpgsql
        AS $$
        BEGIN
          DELETE FROM product_search_pending WHERE organization_id = OLD.id;
          DELETE FROM products WHERE organization_id = OLD.id;
          DELETE FROM product_search WHERE organization_id = OLD.id;
          RETURN OLD;
        END
        $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION delete_organization_products() RETURNS trigger
        LANGUAGE plpgsql
        AS $$
        BEGIN
          DELETE FROM products WHERE organization_id = OLD.id;
          RETURN OLD;
        END
        $$`);
    await q.query(`DROP TRIGGER products_delete_search ON products`);
    await q.query(`DROP FUNCTION delete_products_search()`);
    await q.query(`
      DELETE FROM product_search s
       WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.organization_id = s.organization_id AND p.product_id = s.product_id)`);
    await q.query(`
      ALTER TABLE product_search ADD CONSTRAINT product_search_organization_id_product_id_fkey
        FOREIGN KEY (organization_id, product_id) REFERENCES products (organization_id, product_id) ON DELETE CASCADE`);
  }
}
