/**
 * The CI gate of `npm run test:relevance`, in one place (README.md beside this file). Besides
 * these figures the spec always requires: the service at least as good as each anchor on both
 * overall figures, every exact-keyword query found, every negative query answered with nothing.
 */
export const THRESHOLDS = {
  /** Share of positive queries with at least one relevant product in the top 10 (both catalogs). */
  minFoundRate: 0.95,
  /** Mean precision@10 over the positive queries (both catalogs). */
  minMeanPrecision: 0.9,
  /** precision@10 of each exact-keyword query: today's search (all words, ts_rank) scores 1.0 on every one. */
  exactMinPrecision: 1,
} as const;
