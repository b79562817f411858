import type { SearchPlan } from './query-reading/query-analyzer.service';
import type { ExpansionVia, ProductMatch } from './query-reading/query-interpretation';
import { type DetailStep, detailSteps } from './query-reading/search-terms';
import { scoreExpression } from './ranking/score';

/**
 * How each product of a page matched the query (`_match`, docs/search.md "How each product
 * matched"): per term, the first of its detail steps the product's search vector matches (the same
 * order as the score's steps, with alternative forms apart by how they were found), and the score
 * the ranking gave it, from the same expression.
 */

/** A statement over `product_search` rows `s` of the page: per term its step's number (-1: none) and the score. */
export interface MatchDetailsQuery {
  sql: string;
  params: Record<string, unknown>;
  /** Per term, its steps in the order the SQL numbers them. */
  steps: DetailStep[][];
}

export function matchDetailsQuery(plan: SearchPlan, organizationId: string, ids: string[]): MatchDetailsQuery {
  const params: Record<string, unknown> = { organizationId, ids };
  const steps = plan.terms.map(detailSteps);
  const columns = steps.map((termSteps, i) => {
    const whens = termSteps.map((step, j) => {
      params[`d${i}_${j}`] = step.query;
      return `WHEN h.search @@ CAST(:d${i}_${j} AS tsquery) THEN ${j}`;
    });
    return whens.length > 0 ? `CASE ${whens.join(' ')} ELSE -1 END` : '-1';
  });
  const score = scoreExpression(plan, params);
  const sql = `SELECT s.product_id, ARRAY[${columns.length > 0 ? columns.join(', ') : ''}]::int[] AS steps, (${score})::float8 AS score
      FROM product_search s CROSS JOIN LATERAL (SELECT s.search) h
     WHERE s.organization_id = CAST(:organizationId AS uuid) AND s.product_id = ANY(CAST(:ids AS text[]))`;
  return { sql, params, steps };
}

/**
 * One product's match from its row: the terms it matched (where, and through which kind of form),
 * those it lacks, and whether it has every word; `notFound`: the query's words the catalog has
 * nowhere, which every product lacks.
 */
export function productMatch(
  steps: DetailStep[][],
  plan: SearchPlan,
  row: { steps: number[]; score: number },
  notFound: string[],
): ProductMatch {
  const words: ProductMatch['words'] = {};
  const via: Record<string, ExpansionVia> = {};
  const missing = [...notFound];
  plan.terms.forEach((term, i) => {
    const step = steps[i][row.steps[i] ?? -1];
    if (!step) {
      missing.push(term.label);
      return;
    }
    words[term.label] = step.place;
    if (step.via) via[term.label] = step.via;
  });
  return {
    all_words: missing.length === 0,
    missing,
    words,
    ...(Object.keys(via).length > 0 && { via }),
    score: Number(Number(row.score).toFixed(4)),
  };
}
