import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `products.search` stops being a generated column: computing it (stemming every description)
 * was most of the cost of writing a product, on the import's critical path. It becomes a plain
 * nullable column that the worker's search indexer fills after the batches commit (NULL = not
 * searchable yet); `product_search_vector()` keeps the one definition of it (weights: title A,
 * brand and categories B, tags C, description D). DROP EXPRESSION keeps every existing row's
 * vector; the backfill covers any row left without one. A partial index finds the pending rows.
 */
/** The vector of a stored product document `data` (the expression the generated column had). */
const SEARCH_VECTOR = `
  setweight(to_tsvector('english'::regconfig, coalesce(data->>'title', '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce(data->>'brand', '')), 'B') ||
  setweight(jsonb_to_tsvector('english'::regconfig, coalesce(data->'categories', '[]'::jsonb), '["string"]'), 'B') ||
  setweight(jsonb_to_tsvector('english'::regconfig, coalesce(data->'tags', '[]'::jsonb), '["string"]'), 'C') ||
  setweight(to_tsvector('english'::regconfig, coalesce(data->>'description', '')), 'D')`;

export class SearchVectorOffImportPath1764300100000 implements MigrationInterface {
  name = 'SearchVectorOffImportPath1764300100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION product_search_vector(data jsonb) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ${SEARCH_VECTOR} $$`);
    await q.query(`ALTER TABLE products ALTER COLUMN search DROP EXPRESSION`);
    await q.query(`UPDATE products SET search = product_search_vector(data) WHERE search IS NULL`);
    await q.query(`CREATE INDEX products_search_pending_idx ON products (organization_id) WHERE search IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX products_search_pending_idx`);
    await q.query(`ALTER TABLE products DROP COLUMN search`);
    await q.query(`ALTER TABLE products ADD COLUMN search tsvector GENERATED ALWAYS AS (${SEARCH_VECTOR}) STORED`);
    await q.query(`CREATE INDEX products_search_idx ON products USING GIN (search)`);
    await q.query(`DROP FUNCTION product_search_vector(jsonb)`);
  }
}
