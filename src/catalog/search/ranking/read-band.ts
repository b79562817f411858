import type { SearchPlan } from '../query-reading/query-analyzer.service';
import { scoreSteps, type Term } from '../query-reading/search-terms';
import { BAND_WALK_FIRST_ROWS, BAND_WALK_ROWS, SCORE_EPSILON } from './limits';
import { inIdOrder, round4, type Run } from './score';

/**
 * A tier's top level (its **band**: every word at its best step, so one score, ordered by id alone)
 * read in product id order: a dense band (a noun in many titles) fills a page within a walk of the
 * organization's first rows, which needs no scoring and no index.
 */

/** The products of a tier reaching its highest possible score: a tsquery and that score. */
export interface Band {
  query: string;
  score: number;
}

/**
 * The tier's top level (its band) after `afterId`, in id order, up to `limit`; null when neither
 * the walk filled the page nor reached the organization's last row (the band is sparse) and
 * `readWhole` is false. Walked: the organization's next BAND_WALK_FIRST_ROWS rows in id order, then
 * up to BAND_WALK_ROWS (inIdOrder); else (`readWhole`) the band is read through the full-text index
 * and sorted by id, which costs its members (a band sparse enough to miss the walk is small).
 */
export async function readBand(
  run: Run,
  tier: { where: string; match: string },
  band: Band,
  afterId: string | null,
  limit: number,
  readWhole: boolean,
): Promise<string[] | null> {
  const { where, match } = tier;
  const { found, ended } = await inIdOrder(run, async () => {
    const first = await walkBand(run, where, match, band, afterId, BAND_WALK_FIRST_ROWS, limit);
    const firstEnded = first.walked < BAND_WALK_FIRST_ROWS;
    if (first.ids.length >= limit || firstEnded) return { found: first.ids, ended: firstEnded };
    const rest = await walkBand(run, where, match, band, first.last, BAND_WALK_ROWS - BAND_WALK_FIRST_ROWS, limit - first.ids.length);
    return { found: [...first.ids, ...rest.ids], ended: rest.walked < BAND_WALK_ROWS - BAND_WALK_FIRST_ROWS };
  });
  // Complete when the page is full or the walk reached the organization's last product.
  if (found.length >= limit || ended) return found;
  if (!readWhole) return null;
  const read = await run<{ product_id: string }>(
    `WITH b AS MATERIALIZED (
       SELECT s.product_id FROM product_search s WHERE ${where} AND s.search @@ CAST(:band AS tsquery) AND ${match}
     )
     SELECT b.product_id FROM b WHERE CAST(:afterId AS text) IS NULL OR b.product_id > :afterId ORDER BY b.product_id LIMIT :limit`,
    { afterId, band: band.query, limit },
  );
  return read.map((r) => r.product_id);
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
