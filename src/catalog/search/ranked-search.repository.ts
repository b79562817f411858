import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { filterConditions, INDEXED } from '../query/filter-sql';
import type { ProductCriteria } from '../query/product-criteria';
import type { SearchPlan } from './query-reading/query-analyzer';
import { allOf, renderOperand, someOf } from './query-reading/search-terms';
import { ownRowsFromHere, readingOwnRows, runNamed } from './own-rows';
import { keysetParams, sortKeySql, sortedPageSql, type KeyedSort, type SortedPosition } from './sorted-search';
import { type Band, countAndScore, partialBand, rankTier, topBand } from './tier-ranking';
import { type Run, scoreExpression, SEARCH_CANDIDATES } from './tier-scoring';
import { collapseRounds, GROUP_UNIT, groupMatchesSql, type GroupMatches, type GroupOrder } from './variant-groups';

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

export interface RankedPage<P = RankedPosition> {
  rows: P[];
  /** Matches in the tiers searched, up to SEARCH_CANDIDATES each (collapsed: the groups among them). */
  total: number;
  /** False when a tier had more matches than SEARCH_CANDIDATES. */
  exact: boolean;
  /** Whether partial matches were added (fewer all-words matches than the page). */
  ladder: boolean;
  /** Collapsed: each row's group, by row id. */
  groups?: Map<string, GroupMatches>;
  /** Collapsed, when the page ended early: the last position read (the next page starts after it). */
  resume?: P;
}

/** Collapse each variant group to its best match (docs/search.md "Variants"); `excluded`: ids shown elsewhere on the page, whose groups are left out. */
export interface Collapse {
  excluded?: readonly string[];
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
 *
 * Every page is the exact continuation of that order over all matches, but for one bounded case
 * (see rankTier): per tier, the products reaching the tier's highest possible score (the top band:
 * every term at its best field) are read first in product id order, which needs no scoring, and
 * only when the band does not fill the page are the tier's remaining matches scored. See
 * docs/search.md ("Ranking at scale").
 */
@Injectable()
export class RankedSearchRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The rest of this read plans no sequential scan (the analyzer's statement included): see own-rows.ts. */
  ownRowsFromHere(): Promise<void> {
    return ownRowsFromHere(this.dataSource);
  }

  /** One page of positions after `after` (keyset on tier, score, id); collapsed, one per variant group. */
  async page(
    organizationId: string,
    plan: SearchPlan,
    criteria: ProductCriteria,
    ladder: Ladder,
    limit: number,
    after?: RankedPosition,
    collapse?: Collapse,
  ): Promise<RankedPage> {
    const base = tierConditions(organizationId, plan, criteria);
    return readingOwnRows(this.dataSource, async (manager) => {
      const run = <T>(sql: string, params: Record<string, unknown> = {}) => runNamed<T>(manager, sql, { ...base.params, ...params });
      const where = base.where.join(' AND ');
      // Uncollapsed, on the all-words tier: its count and, when it is small, its page, in one statement.
      const first =
        !collapse && (!after || after.tier === Tier.AllWords)
          ? await countAndScore(run, where, ALL_WORDS, plan, limit, after && { score: after.score, id: after.id })
          : null;
      let prescored = first?.rows ?? null;
      const counted = await countTiers(run, where, ` AND ${ALL_WORDS}`, ladder, hasPartialTier(plan), collapse !== undefined, first?.n);
      const { partial: partialCount, ladder: useLadder } = counted;
      const tiers: Array<{ tier: Tier; match: string; band: Band | null }> = [
        { tier: Tier.AllWords, match: ALL_WORDS, band: topBand(plan) },
      ];
      if (useLadder) tiers.push({ tier: Tier.Partial, match: PARTIAL, band: partialBand(plan) });
      const rank = async (from: RankedPosition | undefined, n: number): Promise<RankedPosition[]> => {
        const rows: RankedPosition[] = [];
        for (const t of tiers) {
          if (rows.length >= n) break;
          if (from && t.tier > from.tier) continue;
          const within = from && from.tier === t.tier ? { score: from.score, id: from.id } : undefined;
          const matches = t.tier === Tier.AllWords ? counted.all_words : partialCount;
          // The uncollapsed page ranks once, from `after` for `limit`: what countAndScore read.
          const found =
            t.tier === Tier.AllWords && prescored
              ? prescored
              : await rankTier(run, where, t.match, t.band, plan, t.tier === Tier.Partial, n - rows.length, within, matches);
          if (t.tier === Tier.AllWords) prescored = null;
          rows.push(...found.map((r) => ({ tier: t.tier, score: r.score, id: r.id })));
        }
        return rows;
      };
      const page = {
        total: counted.groups ?? Math.min(counted.all_words, SEARCH_CANDIDATES) + Math.min(partialCount, SEARCH_CANDIDATES),
        exact: counted.all_words <= SEARCH_CANDIDATES && partialCount <= SEARCH_CANDIDATES,
        ladder: useLadder,
      };
      if (!collapse) return { ...page, rows: await rank(after, limit) };
      const params: Record<string, unknown> = {};
      const order: GroupOrder = {
        columns: 's.search',
        order: `CASE WHEN h.search @@ CAST(:allWords AS tsquery) THEN 0 ELSE 1 END, (${scoreExpression(plan, params)}) DESC, h.product_id`,
      };
      const match = useLadder ? `(s.search @@ CAST(:allWords AS tsquery) OR (${PARTIAL}))` : 's.search @@ CAST(:allWords AS tsquery)';
      const groupsOf = (ids: string[]) => readGroups(run, `${where} AND ${match}`, order, ids, params);
      const collapsed = await collapseRounds(rank, groupsOf, after, limit, collapse.excluded);
      return { ...page, ...collapsed, groups: new Map(collapsed.rows.map((r) => [r.id, r.group])) };
    });
  }

  /**
   * A collapsed browse (no q, no sort): by product id, one product per variant group (its lowest
   * id among the products matching the filters). Reads product_search, like every collapsed page.
   */
  async browseCollapsed(
    organizationId: string,
    criteria: ProductCriteria,
    limit: number,
    afterId?: string,
  ): Promise<RankedPage<{ id: string }>> {
    const base = browseConditions(organizationId, criteria);
    return readingOwnRows(this.dataSource, async (manager) => {
      const run = <T>(sql: string, params: Record<string, unknown> = {}) => runNamed<T>(manager, sql, { ...base.params, ...params });
      const where = base.where.join(' AND ');
      const counted = await countTiers(run, where, '', false, false, true);
      const read = async (from: { id: string } | undefined, n: number) =>
        (
          await run<{ product_id: string }>(
            `SELECT s.product_id FROM product_search s WHERE ${where} AND (CAST(:afterId AS text) IS NULL OR s.product_id > :afterId) ORDER BY s.product_id LIMIT :n`,
            { afterId: from?.id ?? null, n },
          )
        ).map((r) => ({ id: r.product_id }));
      const groupsOf = (ids: string[]) => readGroups(run, where, { columns: '', order: 'h.product_id' }, ids);
      const collapsed = await collapseRounds(read, groupsOf, afterId === undefined ? undefined : { id: afterId }, limit);
      return {
        total: counted.groups ?? counted.all_words,
        exact: counted.all_words <= SEARCH_CANDIDATES,
        ladder: false,
        ...collapsed,
        groups: new Map(collapsed.rows.map((r) => [r.id, r.group])),
      };
    });
  }

  /**
   * One page of a sorted order after `after` (keyset on tier, currency group, key, id): with a plan,
   * its all-words matches (tier 0) and, when `ladder` decides so, its partial matches (tier 1);
   * without, every product matching the filters (a browse). Sorting reads every match of the page's
   * tiers (PostgreSQL keeps only the top `limit` while sorting). `total` counts as page() does.
   */
  async sortedPage(
    organizationId: string,
    plan: SearchPlan | null,
    criteria: ProductCriteria,
    sort: KeyedSort,
    sortCurrency: string | null,
    ladder: Ladder,
    limit: number,
    after?: SortedPosition,
    collapse = false,
  ): Promise<RankedPage<SortedPosition>> {
    const base = plan ? tierConditions(organizationId, plan, criteria) : browseConditions(organizationId, criteria);
    return readingOwnRows(this.dataSource, async (manager) => {
      const run = <T>(sql: string, params: Record<string, unknown> = {}) =>
        runNamed<T>(manager, sql, { ...base.params, sortCurrency, limit, ...params });
      const where = base.where.join(' AND ');
      const matchAll = plan ? ' AND s.search @@ CAST(:allWords AS tsquery)' : '';
      const counted = await countTiers(run, where, matchAll, ladder, plan !== null && hasPartialTier(plan), collapse);
      const { partial: partialCount, ladder: useLadder } = counted;
      const match = !plan ? 'true' : useLadder ? `s.search @@ CAST(:someWords AS tsquery)` : 's.search @@ CAST(:allWords AS tsquery)';
      const tier = plan && useLadder ? 'CASE WHEN s.search @@ CAST(:allWords AS tsquery) THEN 0 ELSE 1 END' : '0';
      const found = await run<{ product_id: string; tier: number; grp: number; key: string }>(
        sortedPageSql(sort, `${where} AND ${match}`, tier, after, collapse),
        keysetParams(after),
      );
      const rows = found.map((r) => ({ tier: r.tier, group: r.grp, key: r.key, id: r.product_id }));
      const keys = sortKeySql(sort);
      const order: GroupOrder = {
        columns: `(${tier})::int AS tier, (${keys.group})::int AS grp, (${keys.key})::numeric AS key`,
        order: 'h.tier, h.grp, h.key, h.product_id',
        joinProducts: keys.joinProducts,
      };
      return {
        rows,
        total: counted.groups ?? Math.min(counted.all_words, SEARCH_CANDIDATES) + Math.min(partialCount, SEARCH_CANDIDATES),
        exact: counted.all_words <= SEARCH_CANDIDATES && partialCount <= SEARCH_CANDIDATES,
        ladder: useLadder,
        ...(collapse && {
          groups: await readGroups(
            run,
            `${where} AND ${match}`,
            order,
            rows.map((r) => r.id),
          ),
        }),
      };
    });
  }
}

/**
 * The matches of the all-words tier (`allWords`: the SQL added to `where`) and, when partial
 * matches are added (`canLadder` and the ladder's choice), of the partial tier; each counted up to
 * SEARCH_CANDIDATES + 1, to tell "more". Collapsed (`groups`), also the variant groups among the
 * rows counted, and the ladder's choice compares groups with the page. One place for every page.
 */
async function countTiers(
  run: Run,
  where: string,
  allWords: string,
  ladder: Ladder,
  canLadder: boolean,
  collapse = false,
  /** The all-words count when a statement of the page already read it (uncollapsed only). */
  allWordsCount?: number,
): Promise<{ all_words: number; partial: number; ladder: boolean; groups?: number }> {
  const capped = (match: string) => `SELECT ${collapse ? GROUP_UNIT : '1'} AS u FROM product_search s WHERE ${where}${match} LIMIT :cap`;
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

/** Each candidate's variant group among the matches `where` (over `s`), in `order`; see groupMatchesSql. */
async function readGroups(
  run: Run,
  where: string,
  order: GroupOrder,
  ids: string[],
  params: Record<string, unknown> = {},
): Promise<Map<string, GroupMatches>> {
  if (ids.length === 0) return new Map();
  const rows = await run<{ product_id: string; group_key: string; n: number; members: string[] }>(groupMatchesSql(where, order), {
    ...params,
    candidates: ids,
  });
  return new Map(rows.map((r) => [r.product_id, { key: r.group_key, members: r.members, count: r.n }]));
}

/**
 * Whether partial matches can exist: with fewer than two required terms, a product having some of
 * them has all of them, so the partial tier is empty and is neither counted nor ranked.
 */
const hasPartialTier = (plan: SearchPlan): boolean => plan.required.length > 1;

/** The all-words tier's condition. */
const ALL_WORDS = 's.search @@ CAST(:allWords AS tsquery)';

/** Partial matches share a strong term with the query (a word seen only in descriptions never brings one in). */
const PARTIAL = 's.search @@ CAST(:someWords AS tsquery) AND NOT s.search @@ CAST(:allWords AS tsquery)';

/** The organization, the filters and the excluded words, with the tsqueries of both tiers. */
function tierConditions(
  organizationId: string,
  plan: SearchPlan,
  criteria: ProductCriteria,
): { where: string[]; params: Record<string, unknown> } {
  const filters = filterConditions(criteria, INDEXED);
  const params: Record<string, unknown> = { ...filters.params, organizationId };
  const where = ['s.organization_id = CAST(:organizationId AS uuid)', ...filters.sql];
  if (plan.excluded.length > 0) {
    params.excluded = plan.excluded.map((o) => renderOperand(o)).join(' | ');
    where.push('NOT s.search @@ CAST(:excluded AS tsquery)');
  }
  params.allWords = allOf(plan.required) ?? "''";
  params.someWords = someOf(plan.required) ?? "''";
  return { where, params };
}

/** A browse: the organization and the filters. */
function browseConditions(organizationId: string, criteria: ProductCriteria): { where: string[]; params: Record<string, unknown> } {
  const filters = filterConditions(criteria, INDEXED);
  return { where: ['s.organization_id = CAST(:organizationId AS uuid)', ...filters.sql], params: { ...filters.params, organizationId } };
}

/**
 * CTEs `all_words` and `partial` (each capped at SEARCH_CANDIDATES + 1, to tell "more"), `decision`
 * (whether partial matches are added; `collapse`: by the groups of the all-words matches, as a
 * collapsed page decides) and `hits` (product_id, tier; and search when collapsed, to pick each
 * group's best match). Without the vectors a tier's 10,001 rows stay within work_mem: materialized with
 * them (about 500 bytes each) they spilled to a temporary file.
 */
export function hitsQuery(
  organizationId: string,
  plan: SearchPlan,
  criteria: ProductCriteria,
  ladder: Ladder,
  collapse = false,
): HitsQuery {
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
  params.ladder = !hasPartialTier(plan) ? false : typeof ladder === 'boolean' ? ladder : null;
  const sql = `
    WITH all_words AS MATERIALIZED (
      SELECT s.product_id${collapse ? `, s.search, ${GROUP_UNIT} AS unit` : ''} FROM product_search s
       WHERE ${where.join(' AND ')} AND s.search @@ CAST(:allWords AS tsquery)
       LIMIT :cap
    ), decision AS (
      SELECT coalesce(CAST(:ladder AS boolean), (SELECT count(${collapse ? 'DISTINCT unit' : '*'}) FROM all_words) < :pageSize) AS ladder
    ), partial AS MATERIALIZED (
      SELECT s.product_id${collapse ? ', s.search' : ''} FROM product_search s
       WHERE (SELECT ladder FROM decision) AND ${where.join(' AND ')}
         AND s.search @@ CAST(:someWords AS tsquery) AND NOT s.search @@ CAST(:allWords AS tsquery)
       LIMIT :cap
    ), hits AS (
      SELECT product_id${collapse ? ', search' : ''}, 1 AS tier FROM (SELECT * FROM all_words LIMIT ${SEARCH_CANDIDATES}) a
      UNION ALL
      SELECT product_id${collapse ? ', search' : ''}, 0 AS tier FROM (SELECT * FROM partial LIMIT ${SEARCH_CANDIDATES}) p
    )`;
  const exact = `((SELECT count(*) FROM all_words) <= ${SEARCH_CANDIDATES} AND (SELECT count(*) FROM partial) <= ${SEARCH_CANDIDATES})`;
  return { sql, params, exact };
}
