/**
 * The filter columns of `product_search` computed per product, each with the expression the search
 * indexer computes it from the stored document `p.data` (the SQL functions are created by migration
 * 1764300200000). Written
 * together with the search vector, so filters and full-text search see a product at the same
 * moment. `category_keys` is computed once per distinct category list of a chunk
 * (see search-row-sql.ts).
 */
export const PRODUCT_FILTER_COLUMNS = [
  ['brand_key', `lower(p.data->>'brand')`],
  ['availability', `p.data->>'availability'`],
  ['price_currency', 'product_price_currency(p.data)'],
  ['price_amount', 'product_price_amount(p.data)'],
  // Keys and values lower-cased in one pass over the JSON text (attribute filters ignore case).
  ['attributes', `lower((p.data->'attributes')::text)::jsonb`],
  // The variant group a collapsed search keeps one product of (NULL: the product is its own group).
  ['group_key', `p.data->>'group_id'`],
] as const;
