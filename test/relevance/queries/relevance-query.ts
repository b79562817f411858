import type { Judge } from './judge';

/** The kinds of questions the suite asks, reported one by one. */
export const CATEGORIES = [
  'exact',
  'natural',
  'typo',
  'prefix',
  'accent',
  'apostrophe',
  'compound',
  'unit',
  'attribute',
  'synonym',
  'negative',
] as const;
export type Category = (typeof CATEGORIES)[number];

export interface RelevanceQuery {
  q: string;
  category: Category;
  /** Which products are relevant; null for a negative query (the right answer is nothing). */
  judge: Judge | null;
}

export const query = (category: Exclude<Category, 'negative'>, q: string, judge: Judge): RelevanceQuery => ({ q, category, judge });
export const negative = (q: string): RelevanceQuery => ({ q, category: 'negative', judge: null });
