import { PAGE } from './engines/search-engine';

/**
 * found@10: at least one relevant product in the first 10 results.
 * precision@10: relevant results in the first 10 / min(10, products the judge holds for), so a
 * query with 3 relevant products scores 1 when it returns those 3, however short the page.
 */
export function foundAt10(relevantFlags: readonly boolean[]): boolean {
  return relevantFlags.slice(0, PAGE).some(Boolean);
}

export function precisionAt10(relevantFlags: readonly boolean[], relevantInCatalog: number): number {
  if (relevantInCatalog <= 0) throw new Error('precision@10 is undefined for a query with no relevant product (a negative query)');
  const relevant = relevantFlags.slice(0, PAGE).filter(Boolean).length;
  return relevant / Math.min(PAGE, relevantInCatalog);
}

/** One engine's answer to one query, judged. Negative queries are correct when the page is empty. */
export interface Judged {
  negative: boolean;
  returned: number;
  found: boolean;
  precision: number;
}

export function judge(relevantFlags: readonly boolean[], relevantInCatalog: number): Judged {
  if (relevantInCatalog === 0) {
    const empty = relevantFlags.length === 0;
    return { negative: true, returned: relevantFlags.length, found: empty, precision: empty ? 1 : 0 };
  }
  return {
    negative: false,
    returned: relevantFlags.length,
    found: foundAt10(relevantFlags),
    precision: precisionAt10(relevantFlags, relevantInCatalog),
  };
}

export interface Summary {
  queries: number;
  found: number;
  foundRate: number;
  meanPrecision: number;
}

/** found rate and mean precision@10 over the positive queries only (negatives are reported apart). */
export function summarise(judged: readonly Judged[]): Summary {
  const positive = judged.filter((j) => !j.negative);
  const found = positive.filter((j) => j.found).length;
  const n = positive.length;
  return {
    queries: n,
    found,
    foundRate: n === 0 ? 0 : found / n,
    meanPrecision: n === 0 ? 0 : positive.reduce((sum, j) => sum + j.precision, 0) / n,
  };
}

/** Negative queries answered with an empty page, of all negative queries. */
export function negativesEmpty(judged: readonly Judged[]): { empty: number; queries: number } {
  const negatives = judged.filter((j) => j.negative);
  return { empty: negatives.filter((j) => j.found).length, queries: negatives.length };
}
