/** The CI gate of `npm run test:relevance`, in one place (test/relevance/README.md explains each). */
export const THRESHOLDS = {
  /** Share of positive queries with at least one relevant product in the top 10 (both catalogs). */
  minFoundRate: 0.95,
  /** Mean precision@10 over the positive queries (both catalogs). */
  minMeanPrecision: 0.9,
  /** The service must also score at least as well as every anchor on both figures. */
  atLeastAnchors: true,
  /** Every exact-keyword query finds a relevant product in its top 10... */
  everyExactFound: true,
  /** ...with this precision@10 each: today's search (all words, ts_rank) scores 1.0 on every one. */
  exactMinPrecision: 1,
  /** Every negative query returns an empty page. */
  everyNegativeEmpty: true,
} as const;
