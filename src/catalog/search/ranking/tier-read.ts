import type { SearchPlan } from '../query-reading/query-analyzer.service';
import type { Run } from './score';
import type { Tier } from './tier';

/** What a way of reading a tier's levels is given and gives back (driver.ts decides which way). */

export interface Position {
  score: number;
  id: string;
}

/** One tier of one search: its statements' runner, the conditions of the page (`where`), the tier and its count. */
export interface TierRead {
  run: Run;
  where: string;
  plan: SearchPlan;
  tier: Tier;
  /** Its matches, counted up to SEARCH_CANDIDATES + 1. */
  matches: number;
  /** The time its level reads may take (SEARCH_RANKING_BUDGET_MS) before the page is completed from a sample. */
  budgetMs: number;
}

export interface Ranked {
  rows: Position[];
  /** False when a work bound cut the ranking short (the page's last rows come from a sample). */
  exact: boolean;
}
