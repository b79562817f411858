import type { SearchPlan } from '../query-reading/query-analyzer.service';
import { SCORE_EPSILON, SCORE_WHOLE_TIER, SEARCH_CANDIDATES } from './limits';
import { partialBand, readBand, topBand } from './read-band';
import { readLevels } from './read-levels';
import { rankedSql, type Run, scoreTier } from './score';
import { Tier, TIER_MATCH } from './tier';
import type { Position, Ranked, TierRead } from './tier-read';

/**
 * The one place that decides how a tier of a search is read. A tier's matches fall into score
 * levels (levels.ts); the driver reads them best first, ids in order inside a level, until the
 * page is full, choosing per tier size the cheapest exact way to read them:
 *
 * - at most SCORE_WHOLE_TIER matches: every level at once, scored in the count's statement
 *   (countAndScore, called by the repository);
 * - its top level (the band) in id order, walked (readBand), when a page starts at it;
 * - at most SEARCH_CANDIDATES matches: the remaining levels at once, by scoring the tier;
 * - more: level by level through the field indexes (readLevels), within LEVEL_READS levels.
 *
 * Only the last can be cut short (a page whose levels outlast the ranking budget): the page says so.
 */

/** Up to `limit` positions of the tier after `after` (within the tier), in the documented order. */
export async function rankTier(read: TierRead, limit: number, after: Position | undefined): Promise<Ranked> {
  const { run, where, plan, tier, matches } = read;
  if (matches === 0 || limit <= 0) return { rows: [], exact: true };
  const match = TIER_MATCH[tier];
  const large = matches > SEARCH_CANDIDATES;
  const band = tier === Tier.AllWords ? topBand(plan) : partialBand(plan);
  const rows: Position[] = [];
  let below = after;
  if (band && matches > SCORE_WHOLE_TIER && (!after || after.score >= band.score - SCORE_EPSILON)) {
    const afterId = after?.id ?? null;
    // A large tier reads a sparse band as its first level instead (readLevels): same order, through the field indexes.
    const ids = await readBand(run, { where, match }, band, afterId, limit, !large);
    if (ids === null) return readLevels(read, limit, after);
    rows.push(...ids.map((id) => ({ score: band.score, id })));
    if (rows.length >= limit) return { rows, exact: true };
    below = { score: band.score, id: rows.at(-1)?.id ?? afterId ?? '' };
  }
  if (large) {
    const rest = await readLevels(read, limit - rows.length, below);
    return { rows: [...rows, ...rest.rows], exact: rest.exact };
  }
  return { rows: [...rows, ...(await scoreTier(run, where, match, plan, limit - rows.length, below))], exact: true };
}

/**
 * A tier's count (capped at SEARCH_CANDIDATES + 1) and, when it has at most SCORE_WHOLE_TIER
 * matches, its next `limit` positions after `after` scored whole (as rankTier would), in one
 * statement: a small tier's matches are read once instead of twice. The scoring subquery runs
 * only for a small tier (PostgreSQL evaluates a CASE branch's subplan only when taken).
 */
export async function countAndScore(
  run: Run,
  where: string,
  tier: Tier,
  plan: SearchPlan,
  limit: number,
  after: Position | undefined,
): Promise<{ n: number; rows: Position[] | null }> {
  const params: Record<string, unknown> = { cap: SEARCH_CANDIDATES + 1, whole: SCORE_WHOLE_TIER };
  const [row] = await run<{ n: number; ranked: Array<{ id: string; score: number }> | null }>(
    `WITH m AS MATERIALIZED (SELECT s.product_id FROM product_search s WHERE ${where} AND ${TIER_MATCH[tier]} LIMIT :cap),
          c AS (SELECT count(*)::int AS n FROM m),
          h AS (SELECT s.product_id, s.search FROM m CROSS JOIN LATERAL (
                  SELECT s.product_id, s.search FROM product_search s
                   WHERE s.organization_id = CAST(:organizationId AS uuid) AND s.product_id = m.product_id LIMIT 1) s)
     SELECT c.n, CASE WHEN c.n <= :whole THEN (
       SELECT coalesce(json_agg(json_build_object('id', x.product_id, 'score', x.score) ORDER BY x.score DESC, x.product_id), '[]')
         FROM (${rankedSql(plan, limit, after, params)}) x) END AS ranked
       FROM c`,
    params,
  );
  return { n: row.n, rows: row.ranked && row.ranked.map((r) => ({ score: Number(r.score), id: r.id })) };
}
