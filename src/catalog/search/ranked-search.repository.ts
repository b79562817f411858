import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../common/config/app-config';
import type { ProductCriteria } from '../criteria/product-criteria';
import type { SearchPlan } from './query-reading/query-analyzer.service';
import { ownRowsFromHere, readingOwnRows, runNamed } from './own-rows';
import { countTiers } from './ranking/count';
import { countAndScore, rankTier } from './ranking/driver';
import { SEARCH_CANDIDATES } from './ranking/limits';
import { type Run, scoreExpression } from './ranking/score';
import { ALL_WORDS, browseConditions, hasPartialTier, type Ladder, Tier, tierConditions, tierOf, tiersMatch } from './ranking/tier';
import { keysetParams, sortKeySql, sortedPageSql, type KeyedSort, type SortedPosition } from './sorted-search';
import { collapseRounds, GROUP_UNIT, groupMatchesSql, type GroupMatches, type GroupOrder } from './variant-groups';

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
  /** False when a work bound cut the ranking short: the page's last rows are the best of a sample (ranking/limits.ts LEVEL_READS). */
  rankingExact: boolean;
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

/**
 * Ranked full-text search over `product_search`. A product's score is the sum, over the query's
 * terms, of what its best match of the term is worth (title 1.0, brand/categories/attributes 0.6,
 * tags 0.4, description 0.2; 0.7 of that through a correction, prefix or synonym). Order: all-words
 * matches, then (ladder) partial matches; each by score, then product id. Each tier is read by the
 * ranking driver (ranking/driver.ts), level by level; this repository decides the tiers, counts
 * and collapsing around it. See docs/search.md ("Ranking at scale").
 */
@Injectable()
export class RankedSearchRepository {
  private readonly budgetMs: number;

  constructor(
    private readonly dataSource: DataSource,
    config: AppConfig,
  ) {
    this.budgetMs = config.catalog.rankingBudgetMs;
  }

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
          ? await countAndScore(run, where, Tier.AllWords, plan, limit, after && { score: after.score, id: after.id })
          : null;
      let prescored = first?.rows ?? null;
      const unit = collapse ? GROUP_UNIT : undefined;
      const counted = await countTiers(run, where, ` AND ${ALL_WORDS}`, ladder, hasPartialTier(plan), unit, first?.n);
      const { partial: partialCount, ladder: useLadder } = counted;
      const tiers = useLadder ? [Tier.AllWords, Tier.Partial] : [Tier.AllWords];
      let rankingExact = true;
      const rank = async (from: RankedPosition | undefined, n: number): Promise<RankedPosition[]> => {
        const rows: RankedPosition[] = [];
        for (const tier of tiers) {
          if (rows.length >= n) break;
          if (from && tier < from.tier) continue;
          const within = from && from.tier === tier ? { score: from.score, id: from.id } : undefined;
          const matches = tier === Tier.AllWords ? counted.all_words : partialCount;
          // The uncollapsed page ranks once, from `after` for `limit`: what countAndScore read.
          const found =
            tier === Tier.AllWords && prescored
              ? { rows: prescored, exact: true }
              : await rankTier({ run, where, plan, tier, matches, budgetMs: this.budgetMs }, n - rows.length, within);
          if (tier === Tier.AllWords) prescored = null;
          rankingExact &&= found.exact;
          rows.push(...found.rows.map((r) => ({ tier, score: r.score, id: r.id })));
        }
        return rows;
      };
      const page = {
        total: counted.groups ?? Math.min(counted.all_words, SEARCH_CANDIDATES) + Math.min(partialCount, SEARCH_CANDIDATES),
        exact: counted.all_words <= SEARCH_CANDIDATES && partialCount <= SEARCH_CANDIDATES,
        ladder: useLadder,
      };
      if (!collapse) {
        const rows = await rank(after, limit);
        return { ...page, rows, rankingExact };
      }
      const params: Record<string, unknown> = {};
      const order: GroupOrder = {
        columns: 's.search',
        order: `${tierOf('h')}, (${scoreExpression(plan, params)}) DESC, h.product_id`,
      };
      const groupsOf = (ids: string[]) => readGroups(run, `${where} AND ${tiersMatch(useLadder)}`, order, ids, params);
      const collapsed = await collapseRounds(rank, groupsOf, after, limit, collapse.excluded);
      return { ...page, ...collapsed, rankingExact, groups: new Map(collapsed.rows.map((r) => [r.id, r.group])) };
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
      const counted = await countTiers(run, where, '', false, false, GROUP_UNIT);
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
        rankingExact: true,
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
      const matchAll = plan ? ` AND ${ALL_WORDS}` : '';
      const counted = await countTiers(
        run,
        where,
        matchAll,
        ladder,
        plan !== null && hasPartialTier(plan),
        collapse ? GROUP_UNIT : undefined,
      );
      const { partial: partialCount, ladder: useLadder } = counted;
      const match = plan ? tiersMatch(useLadder) : 'true';
      const tier = plan && useLadder ? tierOf('s') : `${Tier.AllWords}`;
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
        rankingExact: true,
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
