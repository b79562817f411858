import type { SearchPlan } from './query-reading/query-analyzer';
import { scoreSteps, type Term } from './query-reading/search-terms';

/**
 * Ranking one tier of a search (all-words or partial matches) exactly: its top band read in id
 * order, the rest scored, or a small tier scored whole; and the score every step of it uses.
 * RankedSearchRepository decides the tiers, counts and collapsing around it.
 */

/**
 * Matches counted per tier (counts and facets read at most this many of the all-words matches and
 * as many partial ones); a tier with more is ranked exactly only where its top band fills the page
 * within the walk (see rankTier). Bounds the work of a word most of a large catalog has.
 */
export const SEARCH_CANDIDATES = 10_000;

/** Runs one statement of the read (named parameters). */
export type Run = <T>(sql: string, params?: Record<string, unknown>) => Promise<T[]>;

/**
 * Rows read in product id order looking for the top band before it is read through the full-text
 * index instead: a band this dense fills a page within the walk; a sparser one has few enough
 * members (about pageSize / density) to read them all and sort them.
 */
export const BAND_WALK_ROWS = 2_000;

/**
 * The walk's first step: a dense band (a brand word, a corrected word most titles have) fills the
 * page within these rows, and the rest of BAND_WALK_ROWS is walked only when it did not. Walking all
 * 2,000 rows at once cost 7 ms a search, more than the rest of a one-word search together.
 */
export const BAND_WALK_FIRST_ROWS = 200;

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

/** Scores are sums of a few decimals: compare them with this tolerance. */
const SCORE_EPSILON = 1e-9;

/**
 * Up to `limit` positions of one tier (`matches`: its count, capped at SEARCH_CANDIDATES + 1) after
 * `after`: the top band in id order (walked, or read whole and sorted), then the rest of the tier
 * scored, by score and id; a tier of at most SCORE_WHOLE_TIER matches scored whole. A tier of more
 * matches than SEARCH_CANDIDATES whose top band does not fill the page within the walk is ranked
 * among a sample of SEARCH_CANDIDATES matches instead (documented as the one inexact case).
 */
export async function rankTier(
  run: Run,
  where: string,
  match: string,
  band: Band | null,
  plan: SearchPlan,
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
    if (ids === null && bounded) return scoreTier(run, where, match, plan, limit, after, SEARCH_CANDIDATES);
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
  rows.push(...(await scoreTier(run, where, match, plan, limit - rows.length, below, bounded ? SEARCH_CANDIDATES : undefined)));
  return rows;
}

/**
 * Runs the walk's statements with the planner able to read product_search only through its primary
 * key in order, then gives the rest of the read its settings back. Planned freely, a walk was planned
 * from the organization's estimated row count: with statistics that predate an import a
 * 58,000-product organization was estimated at 1,819 rows, read whole by a bitmap scan and sorted on
 * disk for its first 2,000 rows (170 ms instead of a few). The settings once lived on a function
 * (product_search_walk), which PostgreSQL cannot inline: it copied every walked row whole into a
 * tuplestore, 8-10 ms for 2,000 rows where this reads them in 2-3 ms.
 */
async function inIdOrder<T>(run: Run, walk: () => Promise<T>): Promise<T> {
  await run('SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off');
  const result = await walk();
  await run('SET LOCAL enable_bitmapscan TO DEFAULT; SET LOCAL enable_sort TO DEFAULT');
  return result;
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

/**
 * The tier's matches after `after`, scored, by score and id: all of them, or (`sample`) the first
 * that many the index yields, when the tier has more matches than SEARCH_CANDIDATES and its top
 * band did not fill the page within the walk.
 */
async function scoreTier(
  run: Run,
  where: string,
  match: string,
  plan: SearchPlan,
  limit: number,
  after: { score: number; id: string } | undefined,
  sample?: number,
): Promise<Array<{ score: number; id: string }>> {
  const params: Record<string, unknown> = {};
  // Not MATERIALIZED: a materialized h holds every match's vector (10,000 of about 500 bytes spill
  // past work_mem to a temporary file), where inlined each row is scored as the scan reads it (a
  // 10,000-match sample: 19 ms instead of 57).
  const scored = await run<{ product_id: string; score: number }>(
    `WITH h AS (SELECT s.product_id, s.search FROM product_search s WHERE ${where} AND ${match} ${sample ? `LIMIT ${sample}` : ''})
     ${rankedSql(plan, limit, after, params)}`,
    params,
  );
  return scored.map((r) => ({ score: Number(r.score), id: r.product_id }));
}

/**
 * The first `limit` rows of CTE `h` (product_id, search) after `after`, scored, by score and id:
 * SQL whose parameters are added to `params`.
 */
function rankedSql(
  plan: SearchPlan,
  limit: number,
  after: { score: number; id: string } | undefined,
  params: Record<string, unknown>,
): string {
  const score = scoreExpression(plan, params);
  Object.assign(params, { limit });
  let keyset = '';
  if (after) {
    keyset = 'WHERE r.score < :afterScore OR (r.score = :afterScore AND r.product_id > :afterId)';
    Object.assign(params, { afterScore: after.score, afterId: after.id });
  }
  return `SELECT r.product_id, r.score FROM (SELECT h.product_id, (${score})::float8 AS score FROM h) r ${keyset} ORDER BY r.score DESC, r.product_id LIMIT :limit`;
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

/** A sum of step scores as the SQL computes it: exact decimals of 4 places, then float8. */
const round4 = (x: number): number => Number(x.toFixed(4));

/** The score of a hit `h`: per term, the first step of its ladder that matches (CASE stops there). */
export function scoreExpression(plan: SearchPlan, params: Record<string, unknown>): string {
  if (plan.terms.length === 0) return '0';
  return plan.terms
    .map((term, i) => {
      const steps = scoreSteps(term).map((step, j) => {
        params[`step${i}_${j}`] = step.query;
        return `WHEN h.search @@ CAST(:step${i}_${j} AS tsquery) THEN ${step.score.toFixed(4)}`;
      });
      return `CASE ${steps.join(' ')} ELSE 0 END`;
    })
    .join(' + ');
}
