/** Anything the suite can ask a query: the service (through its public API) or an anchor library. */
export interface SearchEngine {
  readonly name: string;
  /** The first page of results (at most 10), best first. */
  search(q: string, options?: SearchOptions): Promise<SearchAnswer>;
}

export interface SearchOptions {
  /** One entry per group_id (the service's collapse_variants=true; the anchors cannot and ignore it). */
  collapseVariants?: boolean;
  /** The question's language (BCP 47): the service's `language` parameter; the anchors have one language per index and ignore it. */
  language?: string;
}

export interface SearchAnswer {
  ids: string[];
  /** The service's `interpretation` (how it read the query); anchors have none. */
  interpretation?: unknown;
  /** The service's product entries as returned (prices, timestamps, sibling_count), in page order. */
  entries?: Array<Record<string, unknown>>;
}

export const PAGE = 10;
