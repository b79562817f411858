import type { SearchPlan } from './query-reading/query-analyzer';
import { scoreSteps, type Term } from './query-reading/search-terms';
import { rankBoundedTier } from './bounded-tier';
import {
  BAND_WALK_FIRST_ROWS,
  BAND_WALK_ROWS,
  inIdOrder,
  rankedSql,
  round4,
  type Run,
  SCORE_EPSILON,
  SEARCH_CANDIDATES,
  scoreTier,
} from './tier-scoring';

/**
 * Ranking one tier of a search (all-words or partial matches) exactly: its top band read in id
 * order, the rest scored, or a small tier scored whole (a large one by rankBoundedTier).
 * RankedSearchRepository decides the tiers, counts and collapsing around it.
 */

/**
 * A tier with at most this many matches is scored whole in one statement: cheaper than walking for
 * its top band and then scoring the rest (three statements), and exact all the same.
 */
export const SCORE_WHOLE_TIER = 1_000;

/** The products of a tier reaching its highest possible score: a tsquery and that score. */
export interface Band {
  query: string;
  score: number;
}

/**
 * Up to `limit` positions of one tier (`matches`: its count, capped at SEARCH_CANDIDATES + 1) after
 * `after`: the top band in id order (walked, or read whole and sorted), then the rest of the tier
 * scored, by score and id; a tier of at most SCORE_WHOLE_TIER matches scored whole. Below the band,
 * a tier of more matches than SEARCH_CANDIDATES is ranked by rankBoundedTier (`partial`: this is
 * the partial-match tier).
 */
export async function rankTier(
  run: Run,
  where: string,
  match: string,
  band: Band | null,
  plan: SearchPlan,
  partial: boolean,
  limit: number,
  after: { score: number; id: string } | undefined,
  matches: number,
): Promise<Array<{ score: number; id: string }>> {
  if (matches === 0) return [];
  const bounded = matches > SEARCH_CANDIDATES;
  const rows: Array<{ score: number; id: string }> = [];
  let below = after;
  if (band && matches > SCORE_WHOLE_TIER && (!after || after.score >= band.score - SCORE_EPSILON)) {
    const afterId = after?.id ?? null;
    const { found, ended } = await inIdOrder(run, async () => {
      const first = await walkBand(run, where, match, band, afterId, BAND_WALK_FIRST_ROWS, limit);
      const firstEnded = first.walked < BAND_WALK_FIRST_ROWS;
      if (first.ids.length >= limit || firstEnded) return { found: first.ids, ended: firstEnded };
      const rest = await walkBand(run, where, match, band, first.last, BAND_WALK_ROWS - BAND_WALK_FIRST_ROWS, limit - first.ids.length);
      return { found: [...first.ids, ...rest.ids], ended: rest.walked < BAND_WALK_ROWS - BAND_WALK_FIRST_ROWS };
    });
    // Complete when the page is full or the walk reached the organization's last product.
    let ids = found.length >= limit || ended ? found : null;
    if (ids === null && bounded) return rankBoundedTier(run, where, match, plan, partial, limit, after);
    if (ids === null) {
      const read = await run<{ product_id: string }>(
        `WITH b AS MATERIALIZED (
           SELECT s.product_id FROM product_search s WHERE ${where} AND s.search @@ CAST(:band AS tsquery) AND ${match}
         )
         SELECT b.product_id FROM b WHERE CAST(:afterId AS text) IS NULL OR b.product_id > :afterId ORDER BY b.product_id LIMIT :limit`,
        { afterId, band: band.query, limit },
      );
      ids = read.map((r) => r.product_id);
    }
    rows.push(...ids.map((id) => ({ score: band.score, id })));
    if (rows.length >= limit) return rows;
    below = { score: band.score, id: rows.at(-1)?.id ?? afterId ?? '' };
  }
  const rest = limit - rows.length;
  rows.push(
    ...(bounded
      ? await rankBoundedTier(run, where, match, plan, partial, rest, below)
      : await scoreTier(run, where, match, plan, rest, below)),
  );
  return rows;
}

/**
 * The top band's members (up to `limit`, in id order) among the organization's next `rows` rows after
 * `afterId`, how many rows were walked and the last walked id. The rows are read in id order and the
 * filters applied after, so the walk's cost is fixed; run inside inIdOrder.
 */
async function walkBand(
  run: Run,
  where: string,
  match: string,
  band: Band,
  afterId: string | null,
  rows: number,
  limit: number,
): Promise<{ ids: string[]; walked: number; last: string | null }> {
  const [walked] = await run<{ ids: string[] | null; walked: number; last: string | null }>(
    `SELECT count(*)::int AS walked, max(s.product_id) AS last,
            (array_agg(s.product_id ORDER BY s.product_id)
               FILTER (WHERE ${where} AND s.search @@ CAST(:band AS tsquery) AND ${match}))[1:CAST(:limit AS integer)] AS ids
       FROM (SELECT * FROM product_search s
              WHERE s.organization_id = CAST(:organizationId AS uuid) AND s.product_id > coalesce(CAST(:afterId AS text), '')
              ORDER BY s.product_id LIMIT :walk) s`,
    { afterId, walk: rows, band: band.query, limit },
  );
  return { ids: walked.ids ?? [], walked: walked.walked, last: walked.last ?? afterId };
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
  match: string,
  plan: SearchPlan,
  limit: number,
  after: { score: number; id: string } | undefined,
): Promise<{ n: number; rows: Array<{ score: number; id: string }> | null }> {
  const params: Record<string, unknown> = { cap: SEARCH_CANDIDATES + 1, whole: SCORE_WHOLE_TIER };
  const [row] = await run<{ n: number; ranked: Array<{ id: string; score: number }> | null }>(
    `WITH m AS MATERIALIZED (SELECT s.product_id FROM product_search s WHERE ${where} AND ${match} LIMIT :cap),
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

/** A term's best steps (equal best scores, if several) as one tsquery, and that score. */
function bestStep(term: Term): Band {
  const steps = scoreSteps(term);
  const top = steps[0].score;
  const best = steps.filter((s) => s.score >= top - SCORE_EPSILON);
  return { query: best.length === 1 ? best[0].query : `(${best.map((s) => s.query).join(' | ')})`, score: round4(top) };
}

/** All-words tier: every term (required or not) at its best step gives the highest score there is. */
export function topBand(plan: SearchPlan): Band | null {
  if (plan.terms.length === 0) return null;
  const best = plan.terms.map(bestStep);
  return { query: best.map((b) => b.query).join(' & '), score: round4(best.reduce((sum, b) => sum + b.score, 0)) };
}

/**
 * Partial tier (no product has every required term): the highest score misses exactly one of the
 * terms worth least at best and has every other at its best step. Only when every term is
 * required (else a product missing a weak term is in the other tier, and the bound is not this).
 */
export function partialBand(plan: SearchPlan): Band | null {
  if (plan.terms.length < 2 || plan.required.length !== plan.terms.length) return null;
  const best = plan.terms.map(bestStep);
  const total = best.reduce((sum, b) => sum + b.score, 0);
  const least = Math.min(...best.map((b) => b.score));
  const missing = best.map((b, j) => j).filter((j) => best[j].score <= least + SCORE_EPSILON);
  const query = missing
    .map(
      (j) =>
        `(${best
          .filter((_, i) => i !== j)
          .map((b) => b.query)
          .join(' & ')})`,
    )
    .join(' | ');
  return { query, score: round4(total - least) };
}
