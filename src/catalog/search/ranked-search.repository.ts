import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { filterConditions, INDEXED } from '../query/filter-sql';
import type { ProductCriteria } from '../query/product-criteria';
import type { SearchPlan } from './query/query-analyzer';
import { allOf, renderOperand, scoreSteps, someOf } from './query/search-terms';

/**
 * Matches a search considers, per tier: ranking, counts and facets read at most this many of the
 * all-words matches and as many partial ones. Bounds the work of a word most of a large catalog
 * has; below it every match is ranked and counted exactly.
 */
export const SEARCH_CANDIDATES = 10_000;

/** Tiers, best first: every all-words match ranks above every partial one. */
export const enum Tier {
  Partial = 0,
  AllWords = 1,
}

export interface RankedPosition {
  tier: Tier;
  score: number;
  id: string;
}

export interface RankedPage {
  rows: RankedPosition[];
  /** Matches in the tiers searched, up to SEARCH_CANDIDATES each. */
  total: number;
  /** False when a tier had more matches than SEARCH_CANDIDATES. */
  exact: boolean;
  /** Whether partial matches were added (fewer all-words matches than the page). */
  ladder: boolean;
}

/** `auto`: add partial matches when the all-words matches do not fill `pageSize`; a later page repeats its first page's choice. */
export type Ladder = { auto: number } | boolean;

export interface Query {
  sql: string;
  params: Record<string, unknown>;
}

/** CTEs ending in `hits`, and an SQL expression over them telling whether `hits` holds every match. */
export interface HitsQuery extends Query {
  exact: string;
}

/**
 * Ranked full-text search over `product_search`. A product's score is the sum, over the query's
 * terms, of what its best match of the term is worth (title 1.0, brand/categories/attributes 0.6,
 * tags 0.4, description 0.2; 0.7 of that through a correction, prefix or synonym). Order: all-words
 * matches, then (ladder) partial matches; each by score, then product id.
 */
@Injectable()
export class RankedSearchRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** One page of positions after `after` (keyset on tier, score, id). */
  async page(
    organizationId: string,
    plan: SearchPlan,
    criteria: ProductCriteria,
    ladder: Ladder,
    limit: number,
    after?: RankedPosition,
  ): Promise<RankedPage> {
    const hits = hitsQuery(organizationId, plan, criteria, ladder);
    const score = scoreExpression(plan, hits.params);
    const params: Record<string, unknown> = { ...hits.params, limit };
    let keyset = '';
    if (after) {
      keyset = `WHERE r.tier < :afterTier OR (r.tier = :afterTier AND (r.score < :afterScore OR (r.score = :afterScore AND r.product_id > :afterId)))`;
      Object.assign(params, { afterTier: after.tier, afterScore: after.score, afterId: after.id });
    }
    const rows: Array<{ product_id: string; tier: number; score: number; all_words: number; partial: number; ladder: boolean }> =
      await this.run({
        sql: `${hits.sql}, ranked AS (
              SELECT h.product_id, h.tier, (${score})::float8 AS score FROM hits h
            ), counts AS (
              SELECT (SELECT count(*) FROM all_words)::int AS all_words, (SELECT count(*) FROM partial)::int AS partial
            )
            SELECT r.product_id, r.tier, r.score, c.all_words, c.partial, (SELECT ladder FROM decision) AS ladder
              FROM counts c LEFT JOIN LATERAL (
                SELECT * FROM ranked r ${keyset} ORDER BY r.tier DESC, r.score DESC, r.product_id LIMIT :limit
              ) r ON true`,
        params,
      });
    const [first] = rows;
    return {
      rows: rows.filter((r) => r.product_id !== null).map((r) => ({ tier: r.tier as Tier, score: Number(r.score), id: r.product_id })),
      total: Math.min(first.all_words, SEARCH_CANDIDATES) + Math.min(first.partial, SEARCH_CANDIDATES),
      exact: first.all_words <= SEARCH_CANDIDATES && first.partial <= SEARCH_CANDIDATES,
      ladder: first.ladder,
    };
  }

  /** Runs `select` (reading CTE `hits`: product_id, tier) over the search's matches, e.g. for facets. */
  async over<T>(organizationId: string, plan: SearchPlan, criteria: ProductCriteria, ladder: Ladder, select: string): Promise<T[]> {
    const hits = hitsQuery(organizationId, plan, criteria, ladder);
    return this.run({ sql: `${hits.sql} ${select}`, params: hits.params });
  }

  private run<T>(query: Query): Promise<T[]> {
    const [sql, values] = this.dataSource.driver.escapeQueryWithParameters(query.sql, query.params);
    return this.dataSource.query(sql, values);
  }
}

/**
 * CTEs `all_words` and `partial` (each capped at SEARCH_CANDIDATES + 1, to tell "more"), `decision`
 * (whether partial matches are added) and `hits` (product_id, search, tier).
 */
export function hitsQuery(organizationId: string, plan: SearchPlan, criteria: ProductCriteria, ladder: Ladder): HitsQuery {
  const filters = filterConditions(criteria, INDEXED);
  const params: Record<string, unknown> = { ...filters.params, organizationId, cap: SEARCH_CANDIDATES + 1 };
  const where = ['s.organization_id = CAST(:organizationId AS uuid)', ...filters.sql];
  if (plan.excluded.length > 0) {
    params.excluded = plan.excluded.map((o) => renderOperand(o)).join(' | ');
    where.push('NOT s.search @@ CAST(:excluded AS tsquery)');
  }
  params.allWords = allOf(plan.required) ?? "''";
  // Partial matches share a strong term with the query (a word seen only in descriptions never brings one in).
  params.someWords = someOf(plan.required) ?? "''";
  params.pageSize = typeof ladder === 'object' ? ladder.auto : 0;
  params.ladder = typeof ladder === 'boolean' ? ladder : null;
  const sql = `
    WITH all_words AS MATERIALIZED (
      SELECT s.product_id, s.search FROM product_search s
       WHERE ${where.join(' AND ')} AND s.search @@ CAST(:allWords AS tsquery)
       LIMIT :cap
    ), decision AS (
      SELECT coalesce(CAST(:ladder AS boolean), (SELECT count(*) FROM all_words) < :pageSize) AS ladder
    ), partial AS MATERIALIZED (
      SELECT s.product_id, s.search FROM product_search s
       WHERE (SELECT ladder FROM decision) AND ${where.join(' AND ')}
         AND s.search @@ CAST(:someWords AS tsquery) AND NOT s.search @@ CAST(:allWords AS tsquery)
       LIMIT :cap
    ), hits AS (
      SELECT product_id, search, 1 AS tier FROM (SELECT * FROM all_words LIMIT ${SEARCH_CANDIDATES}) a
      UNION ALL
      SELECT product_id, search, 0 AS tier FROM (SELECT * FROM partial LIMIT ${SEARCH_CANDIDATES}) p
    )`;
  const exact = `((SELECT count(*) FROM all_words) <= ${SEARCH_CANDIDATES} AND (SELECT count(*) FROM partial) <= ${SEARCH_CANDIDATES})`;
  return { sql, params, exact };
}

/** The score of a hit `h`: per term, the first step of its ladder that matches (CASE stops there). */
function scoreExpression(plan: SearchPlan, params: Record<string, unknown>): string {
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
