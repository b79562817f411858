import type { ProductCriteria } from './product-criteria';

/** Where a filter reads a product's values: its `product_search` row, or its stored document. */
export interface FilterSource {
  brandKey: string;
  availability: string;
  priceCurrency: string;
  priceAmount: string;
  categoryKeys: string;
  attributes: string;
  /** States product_categories_overlap() beside `&&` (migration 1764300540000): only where a GIN index could serve it. */
  categoryTwin: boolean;
}

/**
 * The indexed columns of `product_search` (alias `s`), written by the search indexer with the
 * vector; PostgreSQL infers their partial indexes' `IS NOT NULL` from the strict comparisons below.
 */
export const INDEXED: FilterSource = {
  brandKey: 's.brand_key',
  availability: 's.availability',
  priceCurrency: 's.price_currency',
  priceAmount: 's.price_amount',
  categoryKeys: 's.category_keys',
  attributes: 's.attributes',
  categoryTwin: true,
};

/** The same values computed from the document (`p.data`): for a few ids, no index needed. */
export const DOCUMENT: FilterSource = {
  brandKey: `lower(p.data->>'brand')`,
  availability: `p.data->>'availability'`,
  priceCurrency: 'product_price_currency(p.data)',
  priceAmount: 'product_price_amount(p.data)',
  categoryKeys: `product_category_keys(p.organization_id, p.data->'categories')`,
  attributes: `lower((p.data->'attributes')::text)::jsonb`,
  categoryTwin: false,
};

/**
 * The filter columns of `product_search` the search indexer writes with the search vector (so filters
 * and full-text search see a product at the same moment), each from the same expression a filter on
 * the document uses. `category_keys` is computed once per distinct category list of a chunk
 * (search-row-sql.ts).
 */
export const PRODUCT_FILTER_COLUMNS = [
  ['brand_key', DOCUMENT.brandKey],
  ['availability', DOCUMENT.availability],
  ['price_currency', DOCUMENT.priceCurrency],
  ['price_amount', DOCUMENT.priceAmount],
  ['attributes', DOCUMENT.attributes],
  // The variant group a collapsed search keeps one product of (NULL: the product is its own group); no filter reads it.
  ['group_key', `p.data->>'group_id'`],
] as const;

/** SQL conditions with named parameters (`:name`), as TypeORM's query builder and escapeQueryWithParameters take them. */
export interface Conditions {
  sql: string[];
  params: Record<string, unknown>;
}

export function hasFilter(criteria: ProductCriteria): boolean {
  return (
    criteria.brand !== undefined ||
    criteria.availability !== undefined ||
    Boolean(criteria.categoryPrefixes?.length) ||
    criteria.price !== undefined ||
    criteria.pricedOnly === true ||
    Object.keys(criteria.attributes ?? {}).length > 0
  );
}

/** The criteria's filters (not q) as conditions on `from`; `:organizationId` must be bound by the caller. */
export function filterConditions(criteria: ProductCriteria, from: FilterSource): Conditions {
  const sql: string[] = [];
  const params: Record<string, unknown> = {};
  if (criteria.brand !== undefined) {
    sql.push(`${from.brandKey} = lower(:brand)`);
    params.brand = criteria.brand;
  }
  if (criteria.availability !== undefined) {
    // An empty list (filters that exclude each other) matches nothing, never everything.
    if (criteria.availability.length === 0) sql.push('false');
    else {
      sql.push(`${from.availability} IN (:...availability)`);
      params.availability = criteria.availability;
    }
  }
  if (criteria.categoryPrefixes?.length) {
    // product_category_key() of constants is folded at plan time, so the GIN index sees literal keys.
    const keys = criteria.categoryPrefixes.map((path, i) => {
      params[`category${i}`] = path;
      return `product_category_key(CAST(:organizationId AS uuid), :category${i})`;
    });
    const wanted = `ARRAY[${keys.join(', ')}]`;
    // The GIN-indexable `&&` plus its costly twin, so a rare category is read through the GIN index.
    const overlap = from.categoryTwin ? ` AND product_categories_overlap(${from.categoryKeys}, ${wanted})` : '';
    sql.push(`${from.categoryKeys} && ${wanted}${overlap}`);
  }
  if (criteria.price) {
    sql.push(`${from.priceCurrency} = :currency`);
    params.currency = criteria.price.currency;
    if (criteria.price.min !== undefined) {
      sql.push(`${from.priceAmount} >= CAST(:priceMin AS numeric)`);
      params.priceMin = criteria.price.min;
    }
    if (criteria.price.max !== undefined) {
      sql.push(`${from.priceAmount} <= CAST(:priceMax AS numeric)`);
      params.priceMax = criteria.price.max;
    }
  } else if (criteria.pricedOnly) {
    sql.push(`${from.priceCurrency} IS NOT NULL`);
  }
  Object.entries(criteria.attributes ?? {}).forEach(([key, value], i) => {
    // Stored values are lower-cased JSON: a string, or a number or boolean when the value reads as one.
    const forms = attributeForms(key.toLowerCase(), value.toLowerCase());
    const names = forms.map((form, j) => {
      params[`attribute${i}_${j}`] = JSON.stringify(form);
      return `${from.attributes} @> CAST(:attribute${i}_${j} AS jsonb)`;
    });
    sql.push(`(${names.join(' OR ')})`);
  });
  return { sql, params };
}

/** `{key: value}` objects a stored attribute equal to `value` may be: the string, and the number or boolean it spells. */
function attributeForms(key: string, value: string): Array<Record<string, unknown>> {
  const forms: Array<Record<string, unknown>> = [{ [key]: value }];
  const number = Number(value);
  if (value.trim() !== '' && Number.isFinite(number)) forms.push({ [key]: number });
  if (value === 'true' || value === 'false') forms.push({ [key]: value === 'true' });
  return forms;
}
