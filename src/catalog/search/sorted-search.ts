import type { SearchSort } from '../criteria/product-criteria';
import { GROUP_UNIT } from './variant-groups';

/** A sort other than relevance: every one is a keyset on (tier, currency group, key, product id). */
export type KeyedSort = Exclude<SearchSort, 'relevance'>;

/** Cursor numbers of the keyed sorts (a cursor names its sort, so one sort's cursor is refused by another). */
export const SORT_CODES: Record<KeyedSort, number> = { price_asc: 1, price_desc: 2, newest: 3 };

/** A position in a sorted order: every part ascending. */
export interface SortedPosition {
  /** 0: all-words match (or a browse row), 1: partial match. */
  tier: number;
  /** 0: priced in the sort's currency (always 0 for newest), 1: any other product. */
  group: number;
  /** The sort key as an exact decimal string (price, negated price, or negated update time in seconds). */
  key: string;
  id: string;
}

/**
 * The SQL of the three parts of the key, every one ascending, over `s` (product_search) and `p`
 * (products, joined only for newest). Price: the price a buyer pays in `:sortCurrency`; products
 * priced in another currency or not at all come after, by id (their key is 0). Newest: products.updated_at,
 * set when the product is first stored and whenever an import changes its content.
 */
export function sortKeySql(sort: KeyedSort): { group: string; key: string; joinProducts: boolean } {
  if (sort === 'newest') return { group: '0', key: 'CAST(-extract(epoch FROM p.updated_at) AS numeric)', joinProducts: true };
  const inCurrency = 's.price_currency = CAST(:sortCurrency AS text) AND s.price_amount IS NOT NULL';
  const amount = sort === 'price_asc' ? 's.price_amount' : '-s.price_amount';
  return {
    group: `CASE WHEN ${inCurrency} THEN 0 ELSE 1 END`,
    key: `CASE WHEN ${inCurrency} THEN ${amount} ELSE 0 END`,
    joinProducts: false,
  };
}

/**
 * One statement for a sorted page: the rows `from`/`where` select (with `tier`, 0 or 1, an SQL
 * expression over them), after `after`, ordered by (tier, group, key, id), at most :limit.
 * `collapse`: only each variant group's first row in that order (the window reads every match,
 * as the sort does anyway).
 */
export function sortedPageSql(sort: KeyedSort, where: string, tier: string, after: SortedPosition | undefined, collapse = false): string {
  const keys = sortKeySql(sort);
  const join = keys.joinProducts ? 'JOIN products p ON p.organization_id = s.organization_id AND p.product_id = s.product_id' : '';
  const keyset = after
    ? '(x.tier, x.grp, x.key, x.product_id) > (CAST(:afterTier AS int), CAST(:afterGroup AS int), CAST(:afterKey AS numeric), CAST(:afterId AS text))'
    : '';
  const conditions = [collapse ? 'x.first' : '', keyset].filter((c) => c !== '');
  const first = collapse
    ? `, row_number() OVER (PARTITION BY ${GROUP_UNIT} ORDER BY (${tier}), (${keys.group}), (${keys.key}), s.product_id) = 1 AS first`
    : '';
  return `SELECT x.product_id, x.tier, x.grp, x.key::text AS key FROM (
      SELECT s.product_id, (${tier})::int AS tier, (${keys.group})::int AS grp, (${keys.key})::numeric AS key${first}
        FROM product_search s ${join}
       WHERE ${where}
    ) x ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}
    ORDER BY x.tier, x.grp, x.key, x.product_id
    LIMIT :limit`;
}

export function keysetParams(after: SortedPosition | undefined): Record<string, unknown> {
  return after ? { afterTier: after.tier, afterGroup: after.group, afterKey: after.key, afterId: after.id } : {};
}
