/**
 * How a query was read, returned with every search answer (REST `interpretation`, MCP structured
 * result, UCP info messages). The shape is shared with the relevance suite: add fields, never
 * rename or drop one (docs/search.md "How a query is read").
 */
export type MatchKind = 'all_words' | 'partial' | 'code' | 'none' | 'browse';

export type WordStatus = 'matched' | 'corrected' | 'expanded' | 'not_found' | 'ignored' | 'excluded' | 'filter' | 'sort' | 'code';

export type ExpansionVia = 'typo' | 'split' | 'prefix' | 'synonym' | 'everyday' | 'unit';

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
}

export const BROWSE_INTERPRETATION: QueryInterpretation = { match: 'browse', words: [], inferred: {} };
