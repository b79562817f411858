import type { Availability } from '../validation/product-vocabulary';

/** A price bound on the price a buyer pays (sale_price, else price), in one currency. */
export interface PriceRange {
  currency: string;
  /** Major units as a decimal string ("19.99"): compared as SQL numeric, never as a float. */
  min?: string;
  max?: string;
}

/** Orders a search can ask for (docs/search.md "Order"); `relevance` is the default. */
export const SEARCH_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Which products a search returns: `any` (default) adds partial matches when the all-words ones do not fill the page; `all` never. */
export const MATCH_STRATEGIES = ['any', 'all'] as const;
export type MatchStrategy = (typeof MATCH_STRATEGIES)[number];

/**
 * What a product page may be narrowed by. Every transport (REST list, UCP REST, MCP tools)
 * translates its own parameters into this one shape, so they cannot disagree.
 */
export interface ProductCriteria {
  /** Search query (words, "quoted phrases", -excluded); results ranked as docs/search.md#order describes. */
  q?: string;
  /** The order asked for; a search also infers it from words like "cheapest" when not given. */
  sort?: SearchSort;
  /** The currency a price sort compares in when no price filter names one (UCP's context.currency); else the catalog's main currency. */
  sortCurrency?: string;
  /** Case-insensitive equality. */
  brand?: string;
  /** Any of these category paths or their sub-paths ("Apparel" matches "Apparel > Sweaters"). */
  categoryPrefixes?: string[];
  /** Any of these values (an empty list matches nothing). */
  availability?: Availability[];
  price?: PriceRange;
  /** Only products with a price or sale price (UCP products must have one). */
  pricedOnly?: boolean;
  /** Attribute values by key, each compared case-insensitively with the product's attribute (a string, number or boolean). */
  attributes?: Record<string, string>;
  /** One entry per variant group (`group_id`): its best match in the page's order (docs/search.md "Variants"). */
  collapseVariants?: boolean;
  /** A search returns only products matching every word of q (REST `match=all`): no partial matches. */
  matchAll?: boolean;
  /**
   * The languages q is written in, first preferred (REST `language` or Accept-Language, UCP
   * context.language): q is read in these, then in the catalog's own (docs/search.md "Languages").
   */
  languages?: string[];
}

/** The category path as the SQL key function normalises it: segments trimmed and joined by " > ". */
export function normaliseCategoryPath(path: string): string {
  return path
    .split('>')
    .map((segment) => segment.trim())
    .join(' > ');
}
