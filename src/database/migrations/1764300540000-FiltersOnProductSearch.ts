import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Frozen copy of PRODUCT_FILTER_COLUMNS (now in src/catalog/query/filter-sql.ts) as of this migration (a migration must not change later). */
const COLUMNS = [
  ['brand_key', 'text', `lower(p.data->>'brand')`],
  ['availability', 'text', `p.data->>'availability'`],
  ['price_currency', 'text', 'product_price_currency(p.data)'],
  ['price_amount', 'numeric', 'product_price_amount(p.data)'],
  ['category_keys', 'text[]', `CASE WHEN p.data ? 'categories' THEN product_category_keys(p.organization_id, p.data->'categories') END`],
] as const;

const PRODUCT_STATISTICS = [
  'products_brand_stats',
  'products_availability_stats',
  'products_price_currency_stats',
  'products_price_amount_stats',
  'products_category_keys_stats',
];

/**
 * The filter indexes (brand, availability, price, category prefixes) move from `products` to
 * `product_search`, over plain columns the search indexer fills with the search vector. On
 * `products` they were maintained by every imported row: 58,382 new products cost 3.2 s of
 * PostgreSQL CPU with them and 1.4 s without (COPY of the bench catalog), the largest part of a
 * first import; an update of a changed product could never be HOT. The price: filters, like
 * full-text search, see an import's products once the indexer has taken them (seconds after
 * `done`, import_search_lag_seconds), and a changed product matches its previous values until then.
 * Plain columns also carry ordinary statistics, so the extended statistics on expressions go.
 */
export class FiltersOnProductSearch1764300540000 implements MigrationInterface {
  name = 'FiltersOnProductSearch1764300540000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE product_search ${COLUMNS.map(([name, type]) => `ADD COLUMN ${name} ${type}`).join(', ')}`);
    await q.query(`
      UPDATE product_search s SET ${COLUMNS.map(([name, , expression]) => `${name} = ${expression}`).join(', ')}
        FROM products p
       WHERE p.organization_id = s.organization_id AND p.product_id = s.product_id`);
    await q.query(
      `CREATE INDEX product_search_brand_idx ON product_search (organization_id, brand_key, product_id) WHERE brand_key IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX product_search_availability_idx ON product_search (organization_id, availability, product_id) WHERE availability IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX product_search_price_idx ON product_search (organization_id, price_currency, price_amount) WHERE price_currency IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX product_search_category_keys_idx ON product_search USING GIN (category_keys) WHERE category_keys IS NOT NULL`,
    );
    // `keys && wanted`, priced as what it replaces (product_category_keys(), COST 1000): stated next
    // to the indexable `&&`, it makes the planner price a walk of the primary key by the rows it
    // visits. Without it a category with no product walked all 58,000 (48-170 ms instead of 3 ms
    // through the GIN index); plpgsql so it is never inlined (and its cost never dropped).
    await q.query(`
      CREATE FUNCTION product_categories_overlap(keys text[], wanted text[]) RETURNS boolean
        LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 1000
        AS $$ BEGIN RETURN keys && wanted; END $$`);
    await q.query(`ANALYZE product_search`);
    for (const name of PRODUCT_STATISTICS) await q.query(`DROP STATISTICS ${name}`);
    await q.query(`DROP INDEX products_category_keys_idx`);
    await q.query(`DROP INDEX products_price_idx`);
    await q.query(`DROP INDEX products_availability_idx`);
    await q.query(`DROP INDEX products_brand_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX products_brand_idx ON products (organization_id, lower(data->>'brand'), product_id) WHERE data ? 'brand'`);
    await q.query(
      `CREATE INDEX products_availability_idx ON products (organization_id, (data->>'availability'), product_id) WHERE data ? 'availability'`,
    );
    await q.query(
      `CREATE INDEX products_price_idx ON products (organization_id, product_price_currency(data), product_price_amount(data)) WHERE product_price_currency(data) IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX products_category_keys_idx ON products USING GIN (product_category_keys(organization_id, data->'categories')) WHERE data ? 'categories'`,
    );
    const expressions = [
      `lower(data->>'brand')`,
      `data->>'availability'`,
      'product_price_currency(data)',
      'product_price_amount(data)',
      `product_category_keys(organization_id, data->'categories')`,
    ];
    for (const [i, name] of PRODUCT_STATISTICS.entries()) await q.query(`CREATE STATISTICS ${name} ON (${expressions[i]}) FROM products`);
    await q.query(`DROP FUNCTION product_categories_overlap(text[], text[])`);
    await q.query(`ALTER TABLE product_search ${COLUMNS.map(([name]) => `DROP COLUMN ${name}`).join(', ')}`);
  }
}
