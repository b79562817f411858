import type { Run } from './score';
import { SEARCH_CANDIDATES } from './limits';
import { type Ladder, PARTIAL } from './tier';

/**
 * The matches of the all-words tier (`allWords`: the SQL added to `where`) and, when partial
 * matches are added (`canLadder` and the ladder's choice), of the partial tier; each counted up to
 * SEARCH_CANDIDATES + 1, to tell "more". Collapsed (`groups`), also the variant groups among the
 * rows counted, and the ladder's choice compares groups with the page. One place for every page.
 */
export async function countTiers(
  run: Run,
  where: string,
  allWords: string,
  ladder: Ladder,
  canLadder: boolean,
  /** Collapsed: the SQL of a row's variant group (GROUP_UNIT), whose distinct values are counted too. */
  unit?: string,
  /** The all-words count when a statement of the page already read it (uncollapsed only). */
  allWordsCount?: number,
): Promise<{ all_words: number; partial: number; ladder: boolean; groups?: number }> {
  const collapse = unit !== undefined;
  const capped = (match: string) => `SELECT ${unit ?? '1'} AS u FROM product_search s WHERE ${where}${match} LIMIT :cap`;
  const count = async (match: string): Promise<{ n: number; groups: number }> => {
    const [row] = await run<{ n: number; groups: number }>(
      `SELECT count(*)::int AS n, ${collapse ? 'count(DISTINCT u)::int' : '0'} AS groups FROM (${capped(match)}) c`,
      { cap: SEARCH_CANDIDATES + 1 },
    );
    return row;
  };
  const all = allWordsCount !== undefined && !collapse ? { n: allWordsCount, groups: 0 } : await count(allWords);
  const useLadder = canLadder && (typeof ladder === 'boolean' ? ladder : (collapse ? all.groups : all.n) < ladder.auto);
  const partial = useLadder ? (await count(` AND ${PARTIAL}`)).n : 0;
  if (!collapse) return { all_words: all.n, partial, ladder: useLadder };
  if (!useLadder) return { all_words: all.n, partial, ladder: useLadder, groups: all.groups };
  // A group with matches in both tiers is one entry.
  const [both] = await run<{ groups: number }>(
    `SELECT count(DISTINCT u)::int AS groups FROM ((${capped(allWords)}) UNION ALL (${capped(` AND ${PARTIAL}`)})) c`,
    { cap: SEARCH_CANDIDATES + 1 },
  );
  return { all_words: all.n, partial, ladder: useLadder, groups: both.groups };
}
