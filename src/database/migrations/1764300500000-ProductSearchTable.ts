import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search vectors move out of `products` into `product_search`, written once per product version.
 * Filling `products.search` after the import rewrote every product row a second time
 * (a non-HOT update: new entries in the primary key, the filter indexes and the search GIN); an
 * insert into this narrow table touches only its own primary key and GIN index. Imports list the
 * ids they wrote in `product_search_pending` (no key: a product written twice before it is indexed
 * is listed twice, which costs the indexer one more lookup, not the import a conflict check); the
 * worker's search indexer takes them from there. A changed product keeps its previous vector until
 * it is indexed again (stale, never missing). `product_search_vector(data)` stays the one
 * definition of a vector. Existing vectors are kept; products without one are listed as pending.
 */
export class ProductSearchTable1764300500000 implements MigrationInterface {
  name = 'ProductSearchTable1764300500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE product_search (
        organization_id uuid NOT NULL,
        product_id text NOT NULL,
        search tsvector NOT NULL,
        PRIMARY KEY (organization_id, product_id),
        FOREIGN KEY (organization_id, product_id) REFERENCES products (organization_id, product_id) ON DELETE CASCADE
      )`);
    await q.query(`
      CREATE TABLE product_search_pending (
        organization_id uuid NOT NULL,
        product_id text NOT NULL
      )`);
    await q.query(`CREATE INDEX product_search_pending_organization_idx ON product_search_pending (organization_id)`);
    await q.query(`
      INSERT INTO product_search (organization_id, product_id, search)
      SELECT organization_id, product_id, search FROM products WHERE search IS NOT NULL`);
    await q.query(`
      INSERT INTO product_search_pending (organization_id, product_id)
      SELECT organization_id, product_id FROM products WHERE search IS NULL`);
    // Built after the copy: one index build instead of a GIN insert per row.
    await q.query(`CREATE INDEX product_search_idx ON product_search USING GIN (search)`);
    await q.query(`DROP INDEX products_search_pending_idx`);
    await q.query(`DROP INDEX products_search_idx`);
    await q.query(`ALTER TABLE products DROP COLUMN search`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE products ADD COLUMN search tsvector`);
    // A pending product goes back to NULL (the previous indexer's "not indexed yet").
    await q.query(`
      UPDATE products p SET search = s.search
        FROM product_search s
       WHERE s.organization_id = p.organization_id AND s.product_id = p.product_id
         AND NOT EXISTS (SELECT 1 FROM product_search_pending q
                          WHERE q.organization_id = p.organization_id AND q.product_id = p.product_id)`);
    await q.query(`CREATE INDEX products_search_idx ON products USING GIN (search)`);
    await q.query(`CREATE INDEX products_search_pending_idx ON products (organization_id) WHERE search IS NULL`);
    await q.query(`DROP TABLE product_search_pending`);
    await q.query(`DROP TABLE product_search`);
  }
}
