import { filterConditions, INDEXED } from '../../criteria/filter-sql';
import type { ProductCriteria } from '../../criteria/product-criteria';
import type { SearchPlan } from '../query-reading/query-analyzer.service';
import { allOf, renderOperand, someOf } from '../query-reading/search-terms';
import { SEARCH_CANDIDATES } from './limits';

/**
 * The tiers of a search and their conditions, which the page, its counts, the sorted pages and the
 * facets all read from here. Every all-words match ranks above every partial one.
 */

/** Tiers, best first (a position's tier compares ascending, like every part of a keyset). */
export const enum Tier {
  AllWords = 0,
  Partial = 1,
}

/** The all-words tier's condition over `s`: every required term, each in any form and field. */
export const ALL_WORDS = 's.search @@ CAST(:allWords AS tsquery)';

/** Partial matches share a strong term with the query (a word seen only in descriptions never brings one in). */
export const PARTIAL = 's.search @@ CAST(:someWords AS tsquery) AND NOT s.search @@ CAST(:allWords AS tsquery)';

/** Each tier's condition. */
export const TIER_MATCH: Record<Tier, string> = { [Tier.AllWords]: ALL_WORDS, [Tier.Partial]: PARTIAL };

/** The matches of the tiers a page reads: all-words only, or (`ladder`) partial ones too, which is any required term. */
export const tiersMatch = (ladder: boolean): string => (ladder ? 's.search @@ CAST(:someWords AS tsquery)' : ALL_WORDS);

/** A match's tier as SQL over `alias` (a row with `search`). */
export const tierOf = (alias: string): string =>
  `CASE WHEN ${alias}.search @@ CAST(:allWords AS tsquery) THEN ${Tier.AllWords} ELSE ${Tier.Partial} END`;

/**
 * Whether partial matches can exist: with fewer than two required terms, a product having some of
 * them has all of them, so the partial tier is empty and is neither counted nor ranked.
 */
export const hasPartialTier = (plan: SearchPlan): boolean => plan.required.length > 1;

export interface Conditions {
  where: string[];
  params: Record<string, unknown>;
}

/** The organization, the filters and the excluded words, with the tsqueries of both tiers (`:allWords`, `:someWords`). */
export function tierConditions(organizationId: string, plan: SearchPlan, criteria: ProductCriteria): Conditions {
  const { where, params } = browseConditions(organizationId, criteria);
  if (plan.excluded.length > 0) {
    params.excluded = plan.excluded.map((o) => renderOperand(o)).join(' | ');
    where.push('NOT s.search @@ CAST(:excluded AS tsquery)');
  }
  params.allWords = allOf(plan.required) ?? "''";
  params.someWords = someOf(plan.required) ?? "''";
  return { where, params };
}

/** A browse: the organization and the filters. */
export function browseConditions(organizationId: string, criteria: ProductCriteria): Conditions {
  const filters = filterConditions(criteria, INDEXED);
  return { where: ['s.organization_id = CAST(:organizationId AS uuid)', ...filters.sql], params: { ...filters.params, organizationId } };
}

/** `auto`: add partial matches when the all-words matches do not fill `pageSize`; a later page repeats its first page's choice. */
export type Ladder = { auto: number } | boolean;

/** CTEs ending in `hits`, and an SQL expression over them telling whether `hits` holds every match. */
export interface HitsQuery {
  sql: string;
  params: Record<string, unknown>;
  exact: string;
}

/**
 * CTEs `all_words` and `partial` (each capped at SEARCH_CANDIDATES + 1, to tell "more"), `decision`
 * (whether partial matches are added; `collapse`: by the groups of the all-words matches, as a
 * collapsed page decides) and `hits` (product_id, tier; and search when collapsed, to pick each
 * group's best match), over the same tier conditions as the page. Without the vectors a tier's
 * 10,001 rows stay within work_mem: materialized with them (about 500 bytes each) they spilled to a
 * temporary file.
 */
export function hitsQuery(
  organizationId: string,
  plan: SearchPlan,
  criteria: ProductCriteria,
  ladder: Ladder,
  collapse: boolean,
  unit: string,
): HitsQuery {
  const { where, params } = tierConditions(organizationId, plan, criteria);
  Object.assign(params, {
    cap: SEARCH_CANDIDATES + 1,
    pageSize: typeof ladder === 'object' ? ladder.auto : 0,
    ladder: !hasPartialTier(plan) ? false : typeof ladder === 'boolean' ? ladder : null,
  });
  const conditions = where.join(' AND ');
  const sql = `
    WITH all_words AS MATERIALIZED (
      SELECT s.product_id${collapse ? `, s.search, ${unit} AS unit` : ''} FROM product_search s
       WHERE ${conditions} AND ${ALL_WORDS}
       LIMIT :cap
    ), decision AS (
      SELECT coalesce(CAST(:ladder AS boolean), (SELECT count(${collapse ? 'DISTINCT unit' : '*'}) FROM all_words) < :pageSize) AS ladder
    ), partial AS MATERIALIZED (
      SELECT s.product_id${collapse ? ', s.search' : ''} FROM product_search s
       WHERE (SELECT ladder FROM decision) AND ${conditions} AND ${PARTIAL}
       LIMIT :cap
    ), hits AS (
      SELECT product_id${collapse ? ', search' : ''}, ${Tier.AllWords} AS tier FROM (SELECT * FROM all_words LIMIT ${SEARCH_CANDIDATES}) a
      UNION ALL
      SELECT product_id${collapse ? ', search' : ''}, ${Tier.Partial} AS tier FROM (SELECT * FROM partial LIMIT ${SEARCH_CANDIDATES}) p
    )`;
  const exact = `((SELECT count(*) FROM all_words) <= ${SEARCH_CANDIDATES} AND (SELECT count(*) FROM partial) <= ${SEARCH_CANDIDATES})`;
  return { sql, params, exact };
}
