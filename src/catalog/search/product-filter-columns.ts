/**
 * The filter columns of `product_search`, each with the expression the search indexer computes it
 * from the stored document `p.data` (the expressions the products table's partial indexes used to
 * be built on; the SQL functions are migration 1764300200000's). Written together with the search
 * vector, so filters and full-text search see a product at the same moment.
 */
export const PRODUCT_FILTER_COLUMNS = [
  ['brand_key', `lower(p.data->>'brand')`],
  ['availability', `p.data->>'availability'`],
  ['price_currency', 'product_price_currency(p.data)'],
  ['price_amount', 'product_price_amount(p.data)'],
  ['category_keys', `CASE WHEN p.data ? 'categories' THEN product_category_keys(p.organization_id, p.data->'categories') END`],
] as const;
