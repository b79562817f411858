/**
 * How a query was read, returned with every search answer (REST `interpretation`, MCP structured
 * result, UCP info messages). The shape is shared with the relevance suite: add fields, never
 * rename or drop one (docs/search.md "How a query is read").
 */
export type MatchKind = 'all_words' | 'partial' | 'code' | 'none' | 'browse';

export type WordStatus = 'matched' | 'corrected' | 'expanded' | 'not_found' | 'ignored' | 'excluded' | 'filter' | 'sort' | 'code';

export type ExpansionVia = 'typo' | 'split' | 'prefix' | 'synonym' | 'everyday' | 'unit' | 'compound';

export type InferredSort = 'price_asc' | 'price_desc' | 'newest';

export interface WordReading {
  /** The word as read, lower-cased (a phrase: its text). */
  word: string;
  status: WordStatus;
  /** corrected / expanded: the catalog's words used instead / in addition. */
  to?: string[];
  via?: ExpansionVia;
  /** ignored: why (stop_word, duplicate, word_limit, correction_limit, no_words). */
  reason?: string;
  /** The language (primary subtag) the word was read in; present when the query was read in more than one. */
  language?: string;
}

export interface Money {
  amount: number;
  currency: string;
}

export interface InferredConstraints {
  price_min?: Money;
  price_max?: Money;
  availability?: string[];
  sort?: InferredSort;
}

export interface QueryInterpretation {
  match: MatchKind;
  words: WordReading[];
  /** Filters and sort inferred from the words (never the ones the caller passed). */
  inferred: InferredConstraints;
  /**
   * Filters and sort read from the buyer's stated intent (UCP `context.intent`) where neither the
   * request's filters nor the query's words set them; absent when the request has no intent.
   */
  context?: InferredConstraints;
}

/** Where a query word was found in a product: the field its best match is in, or its product code (GTIN, MPN, id). */
export type MatchPlace = 'title' | 'brand_category_attribute' | 'tags' | 'description' | 'code';

/**
 * How one product matched a search (`_match` on REST, UCP and MCP products): shared with the
 * relevance suite like the interpretation.
 */
export interface ProductMatch {
  /** True when the product matched every searched word (none `missing`). */
  all_words: boolean;
  /** The query's words it lacks: searched words it has nowhere, and words the catalog has nowhere (`not_found`). */
  missing: string[];
  /** Each word it matched, and where its best match is. */
  words: Record<string, MatchPlace>;
  /** Words it matched only through another form: how that form was found (typo, split, prefix, synonym, everyday). */
  via?: Record<string, ExpansionVia>;
  /** Its relevance score (the sum of its words' steps, docs/search.md "Order"); null for a product code match. */
  score: number | null;
}

export const BROWSE_INTERPRETATION: QueryInterpretation = { match: 'browse', words: [], inferred: {} };
