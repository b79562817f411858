import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the product filters (brand, availability, category prefix, price range) shared by
 * `GET /v1/catalogs/products`, the UCP REST binding and the MCP tools. Each one leads with
 * organization_id so a filtered page reads only the caller's rows.
 *
 * The category and price expressions live in IMMUTABLE SQL functions so the repository's queries
 * and these indexes name the very same expression (the planner matches an index only on an
 * identical expression). Category keys carry the organization id, so the GIN index (which
 * cannot lead with a btree column without the btree_gin extension) is tenant-selective by itself.
 */
export class ProductFilterIndexes1764300200000 implements MigrationInterface {
  name = 'ProductFilterIndexes1764300200000';

  async up(q: QueryRunner): Promise<void> {
    // One category path, normalised: segments split at ">", trimmed, rejoined with " > ", lower case.
    await q.query(`
      CREATE FUNCTION product_category_key(org uuid, path text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT org::text || ':' || lower(array_to_string(regexp_split_to_array(btrim(path), '\\s*>\\s*'), ' > ')) $$`);
    // Every path prefix of every category of a product ("A > B > C" gives "A", "A > B", "A > B > C").
    await q.query(`
      CREATE FUNCTION product_category_keys(org uuid, categories jsonb) RETURNS text[]
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$
          SELECT coalesce(array_agg(DISTINCT product_category_key(org, array_to_string(parts[1:n], ' > '))), '{}')
            FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(categories) = 'array' THEN categories ELSE '[]'::jsonb END) AS c(path)
            CROSS JOIN LATERAL regexp_split_to_array(btrim(c.path), '\\s*>\\s*') AS parts
            CROSS JOIN LATERAL generate_series(1, cardinality(parts)) AS n
        $$`);
    // The price a buyer pays: sale_price when present, else price (both share one currency).
    await q.query(`
      CREATE FUNCTION product_price_currency(data jsonb) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT coalesce(data->'sale_price'->>'currency', data->'price'->>'currency') $$`);
    await q.query(`
      CREATE FUNCTION product_price_amount(data jsonb) RETURNS numeric
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT (coalesce(data->'sale_price'->>'amount', data->'price'->>'amount'))::numeric $$`);

    await q.query(`CREATE INDEX products_brand_idx ON products (organization_id, lower(data->>'brand'), product_id)`);
    await q.query(`CREATE INDEX products_availability_idx ON products (organization_id, (data->>'availability'), product_id)`);
    await q.query(
      `CREATE INDEX products_price_idx ON products (organization_id, product_price_currency(data), product_price_amount(data))`,
    );
    await q.query(
      `CREATE INDEX products_category_keys_idx ON products USING GIN (product_category_keys(organization_id, data->'categories'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX products_category_keys_idx`);
    await q.query(`DROP INDEX products_price_idx`);
    await q.query(`DROP INDEX products_availability_idx`);
    await q.query(`DROP INDEX products_brand_idx`);
    await q.query(`DROP FUNCTION product_price_amount(jsonb)`);
    await q.query(`DROP FUNCTION product_price_currency(jsonb)`);
    await q.query(`DROP FUNCTION product_category_keys(uuid, jsonb)`);
    await q.query(`DROP FUNCTION product_category_key(uuid, text)`);
  }
}
