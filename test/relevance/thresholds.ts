/**
 * The CI gate of `npm run test:relevance`, in one place (README.md beside this file). Besides
 * these figures the spec always requires: the service at least as good as each anchor on both
 * overall figures, every exact-keyword query found, every negative query answered with nothing,
 * every interpretation, order, collapse and code check of the kinds of issue 31 passing.
 */
/**
 * Whether the service collapses variants (`collapse_variants`, issue 31 goal 4): the variant
 * questions are asked with collapse_variants=true and each collapsed page is checked (one entry per
 * group, a plausible sibling_count). False would ask them uncollapsed and skip that check.
 */
export const COLLAPSE_VARIANTS_BUILT: boolean = true;

export const THRESHOLDS = {
  /** Share of positive queries with at least one relevant product in the top 10 (all catalogs). */
  minFoundRate: 0.95,
  /** Mean precision@10 over the positive queries (all catalogs). */
  minMeanPrecision: 0.9,
  /** precision@10 of each exact-keyword query: today's search (all words, ts_rank) scores 1.0 on every one. */
  exactMinPrecision: 1,
  /**
   * The kinds asked before issue 31 (exact … synonym): today's figures, not to be lowered
   * (found 100 %, mean precision@10 0.9992 on main on 2026-11-27: 128 questions, one at 0.9).
   */
  baselineMinFoundRate: 1,
  baselineMinMeanPrecision: 0.999,
  /** Each kind of issue 31 (constraint, code, variant, sort, everyday), over all catalogs. */
  agentKindMinFoundRate: 0.95,
  /** Questions of those kinds, all catalogs together (the issue asks for 60 or more). */
  minAgentQuestions: 60,
} as const;
