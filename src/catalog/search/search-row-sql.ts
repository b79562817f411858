import { PRODUCT_FILTER_COLUMNS } from './product-filter-columns';

const FILTER_NAMES = PRODUCT_FILTER_COLUMNS.map(([name]) => name).join(', ');
const FILTER_VALUES = PRODUCT_FILTER_COLUMNS.map(([, expression]) => expression).join(', ');
const FILTER_UPDATES = PRODUCT_FILTER_COLUMNS.map(([name]) => `${name} = EXCLUDED.${name}`).join(', ');

/**
 * Writes the `product_search` rows of the products in `picked` (a CTE of product ids of
 * organization $1, defined by the caller before this text): the vector `product_search_vector(data)`
 * computes, and the filter columns. The vector is that function's five parts concatenated in its
 * order, but the brand's part and the category list's part (with the list's category keys) are
 * computed once per distinct value among the chunk's products instead of once per product:
 * products share a handful of brands and category lists (the bench catalog: 24 brands and 40
 * lists, about 1 and 40 per chunk of 1,000), and stemming them was 1.1 s of PostgreSQL CPU of the
 * 58,382 products' indexing, the plpgsql category keys 0.7 s more (measured: 13.1–14.4 → 11.1–11.2
 * s of one backend for the whole catalog). A spec pins the result to product_search_vector() and
 * product_category_keys() row for row.
 *
 * `'null'` stands for "no categories" in the grouping: a stored product never holds a JSON null
 * (validation rejects it), and an absent list has no keys (NULL, as before) and an empty vector
 * part. Rows are written in id order, so two loops upserting the same products cannot deadlock.
 */
export const WRITE_SEARCH_ROWS = `
  docs AS MATERIALIZED (
    SELECT p.organization_id, p.product_id, p.data,
           coalesce(p.data->>'brand', '') AS brand, coalesce(p.data->'categories', 'null') AS categories
      FROM products p
     WHERE p.organization_id = $1 AND p.product_id IN (SELECT product_id FROM picked)
  ), brands AS (
    SELECT brand, setweight(to_tsvector('english'::regconfig, brand), 'B') AS vector FROM docs GROUP BY brand
  ), category_lists AS (
    SELECT categories,
           setweight(jsonb_to_tsvector('english'::regconfig, CASE WHEN categories = 'null' THEN '[]' ELSE categories END, '["string"]'), 'B') AS vector,
           CASE WHEN categories <> 'null' THEN product_category_keys($1, categories) END AS keys
      FROM docs GROUP BY categories
  ), written AS (
    INSERT INTO product_search (organization_id, product_id, search, ${FILTER_NAMES}, category_keys)
    SELECT p.organization_id, p.product_id,
           setweight(to_tsvector('english'::regconfig, coalesce(p.data->>'title', '')), 'A') || b.vector || c.vector ||
           setweight(jsonb_to_tsvector('english'::regconfig, coalesce(p.data->'tags', '[]'::jsonb), '["string"]'), 'C') ||
           setweight(to_tsvector('english'::regconfig, coalesce(p.data->>'description', '')), 'D'),
           ${FILTER_VALUES}, c.keys
      FROM docs p JOIN brands b USING (brand) JOIN category_lists c USING (categories)
     ORDER BY p.product_id
    ON CONFLICT (organization_id, product_id) DO UPDATE SET search = EXCLUDED.search, ${FILTER_UPDATES}, category_keys = EXCLUDED.category_keys
    RETURNING 1
  )`;
