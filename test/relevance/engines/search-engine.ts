/** Anything the suite can ask a query: the service (through its public API) or an anchor library. */
export interface SearchEngine {
  readonly name: string;
  /** The ids of the first page of results (at most 10), best first. */
  search(q: string): Promise<string[]>;
}

export const PAGE = 10;
