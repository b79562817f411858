import type { SearchPlan } from '../query-reading/query-analyzer.service';
import { scoreSteps } from '../query-reading/search-terms';

/**
 * What every way of reading a tier's levels shares: the score of a match (a sum of discrete
 * per-word steps, so matches fall into score levels), scoring a set of matches in the documented
 * order, and reading an organization's rows in product id order.
 */

/** Runs one statement of the read (named parameters). */
export type Run = <T>(sql: string, params?: Record<string, unknown>) => Promise<T[]>;

/** A sum of step scores as the SQL computes it: exact decimals of 4 places, then float8. */
export const round4 = (x: number): number => Number(x.toFixed(4));

/** The score of a hit `h` as an exact decimal: per term, the first step of its ladder that matches (CASE stops there). */
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

/**
 * The matches `where AND match` after `after`, scored, by score and id: all of them, or (`sample`)
 * the first that many the index yields (a page the level budget cut short, read-levels.ts).
 */
export async function scoreTier(
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
export function rankedSql(
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

/**
 * Runs the walk's statements with the planner able to read product_search only through its primary
 * key in order, then gives the rest of the read its settings back. Planned freely, a walk was planned
 * from the organization's estimated row count: with statistics that predate an import a
 * 58,000-product organization was estimated at 1,819 rows, read whole by a bitmap scan and sorted on
 * disk for its first 2,000 rows (170 ms instead of a few). The settings once lived on a function
 * (product_search_walk), which PostgreSQL cannot inline: it copied every walked row whole into a
 * tuplestore, 8-10 ms for 2,000 rows where this reads them in 2-3 ms.
 */
export async function inIdOrder<T>(run: Run, walk: () => Promise<T>): Promise<T> {
  await run('SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off');
  try {
    return await walk();
  } finally {
    // Also when the walk was cancelled (a ranking budget's deadline): the rest of the read plans freely.
    await run('SET LOCAL enable_bitmapscan TO DEFAULT; SET LOCAL enable_sort TO DEFAULT');
  }
}
