import { Injectable } from '@nestjs/common';
import { BadRequestError } from '../../common/errors/api-error';
import { CursorCodec } from '../../common/pagination/cursor';
import { cursorField } from '../../common/pagination/cursor-fields';
import { splitPage } from '../../common/pagination/page';
import { isStorableString } from '../../common/text/storable-string';
import { PRODUCT_LIMITS } from '../validation/product-limits';
import type { Product } from '../entities/product.entity';
import { ProductCodesRepository } from '../search/product-codes.repository';
import { type CodePart, codeFormsOf, codePartsOf } from '../search/query-reading/code-forms';
import { QueryAnalyzerService, type SearchPlan } from '../search/query-reading/query-analyzer.service';
import {
  BROWSE_INTERPRETATION,
  type MatchKind,
  type ProductMatch,
  type QueryInterpretation,
} from '../search/query-reading/query-interpretation';
import { ProductMatchesRepository } from '../search/product-matches.repository';
import { RankedSearchRepository } from '../search/ranked-search.repository';
import { Tier } from '../search/ranking/tier';
import { SEARCH_CANDIDATES } from '../search/ranking/limits';
import { SORT_CODES, type KeyedSort, type SortedPosition } from '../search/sorted-search';
import type { GroupMatches } from '../search/variant-groups';
import { withCodeReadings, withCodeWords } from './code-words';
import { withInferred } from './inferred-criteria';
import { withIntent } from './intent-criteria';
import { matchesNothing, planFor } from './match-all';
import type { ProductCriteria } from '../criteria/product-criteria';
import { ProductQueryRepository } from './product-query.repository';

/**
 * Keyset positions: after a product id; in a search, after a (tier, score, id) with the first page's
 * ladder choice. A search cursor's tier is written as cursors have always written it (1: all words,
 * 0: partial; wireTier), so a cursor issued before the tiers were numbered best first still reads right.
 */
const LIST_CURSOR = new CursorCodec<{ id: string }>({ id: cursorField.text(PRODUCT_LIMITS.idMaxLength) });
const SEARCH_CURSOR = new CursorCodec<{ tier: number; score: number; id: string; ladder: number }>({
  tier: cursorField.index,
  score: cursorField.float8,
  id: cursorField.text(PRODUCT_LIMITS.idMaxLength),
  ladder: cursorField.index,
});

/** A sorted page's position (browse or search; `sort` names the order, so another order refuses it). */
const SORTED_CURSOR = new CursorCodec<{ sort: number; tier: number; group: number; key: string; id: string; ladder: number }>({
  sort: cursorField.index,
  tier: cursorField.index,
  group: cursorField.index,
  key: cursorField.decimal,
  id: cursorField.text(PRODUCT_LIMITS.idMaxLength),
  ladder: cursorField.index,
});

const wireTier = (tier: Tier): number => (tier === Tier.AllWords ? 1 : 0);
const tierOfWire = (wire: number): Tier => (wire === 1 ? Tier.AllWords : Tier.Partial);

/** The sort code a cursor names (0: relevance or browse by id); undefined when it is no JSON object (the codec then refuses it). */
function cursorSort(cursor: string): number | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const sort = (value as Record<string, unknown>).sort;
    return sort === undefined ? 0 : typeof sort === 'number' ? sort : undefined;
  } catch {
    return undefined;
  }
}

/** A cursor issued under another order is a 400 (the page would silently restart or skip). */
function checkCursorSort(cursor: string | undefined, sort: KeyedSort | undefined): void {
  if (cursor === undefined) return;
  const named = cursorSort(cursor);
  const wanted = sort ? SORT_CODES[sort] : 0;
  if (named !== undefined && named !== wanted)
    throw new BadRequestError('cursor was returned for another sort: pass the sort it was returned with');
}

export interface ProductPage {
  products: Product[];
  nextCursor: string | null;
  /** Products the query matches, counted up to SEARCH_CANDIDATES (per tier for a search). */
  totalCount: number;
  /** False when there are more than counted. */
  totalCountExact: boolean;
  /** False when a work bound cut the ranking short: the page's last products are the best of a sample of the matches. */
  rankingExact: boolean;
  /** How the query was read (browse without q). */
  interpretation: QueryInterpretation;
  /** Collapsed pages (criteria.collapseVariants): each product's variant group among the matches, by product id. */
  groups?: Map<string, GroupMatches>;
  /** A search: how each product matched the query, by product id (`_match`). */
  matches?: Map<string, ProductMatch>;
}

/**
 * The one read path for product pages, searches and id lookups, used by the REST list, the UCP
 * REST binding and the MCP tools. A cursor it did not issue is a ValidationError (422 on REST).
 */
@Injectable()
export class ProductQueryService {
  constructor(
    private readonly products: ProductQueryRepository,
    private readonly analyzer: QueryAnalyzerService,
    private readonly ranked: RankedSearchRepository,
    private readonly codes: ProductCodesRepository,
    private readonly matches: ProductMatchesRepository,
  ) {}

  async page(organizationId: string, criteria: ProductCriteria, limit: number, cursor?: string): Promise<ProductPage> {
    if (criteria.q !== undefined) return this.search(organizationId, criteria.q, criteria, limit, cursor);
    const sort = keyedSort(criteria);
    checkCursorSort(cursor, sort);
    if (sort) return this.sortedPage(organizationId, null, criteria, sort, limit, cursor, BROWSE_INTERPRETATION);
    const after = cursor ? LIST_CURSOR.decode(cursor).id : undefined;
    if (criteria.collapseVariants) {
      const browsed = await this.ranked.browseCollapsed(organizationId, criteria, limit + 1, after);
      const found = await this.foundById(
        organizationId,
        browsed.rows.map((r) => r.id),
      );
      const rows = browsed.rows.filter((r) => found.has(r.id));
      const page = collapsedSplit(rows, limit, (last) => LIST_CURSOR.encode({ id: last.id }), browsed.resume);
      return {
        products: page.items.map((r) => found.get(r.id) as Product),
        nextCursor: page.nextCursor,
        totalCount: Math.min(browsed.total, SEARCH_CANDIDATES),
        totalCountExact: browsed.exact,
        rankingExact: true,
        interpretation: BROWSE_INTERPRETATION,
        groups: browsed.groups,
      };
    }
    const [rows, counted] = await Promise.all([
      this.products.list(organizationId, criteria, limit + 1, after),
      this.products.count(organizationId, criteria, SEARCH_CANDIDATES + 1),
    ]);
    const page = splitPage(rows, limit, (last) => LIST_CURSOR.encode({ id: last.productId }));
    return {
      products: page.items,
      nextCursor: page.nextCursor,
      ...total(counted),
      rankingExact: true,
      interpretation: BROWSE_INTERPRETATION,
    };
  }

  /** The criteria with what a buyer's stated intent asks (UCP context.intent, intent-criteria.ts), and what it added. */
  withIntent(organizationId: string, criteria: ProductCriteria, intent: string | undefined) {
    return withIntent(criteria, intent, () => this.products.mainCurrency(organizationId));
  }

  /** Whether any indexed product of the organization is priced in this currency. */
  hasCurrency(organizationId: string, currency: string): Promise<boolean> {
    return this.products.hasCurrency(organizationId, currency);
  }

  /** The stored products among these ids that match the criteria (q is ignored), keyed by id. Ids no product can have are never queried. */
  async byIds(organizationId: string, productIds: string[], criteria: ProductCriteria = {}): Promise<Map<string, Product>> {
    const wanted = [...new Set(productIds)].filter(
      (id) => id.length >= 1 && id.length <= PRODUCT_LIMITS.idMaxLength && isStorableString(id),
    );
    const rows = await this.products.findMany(organizationId, wanted, criteria);
    return new Map(rows.map((p) => [p.productId, p]));
  }

  /**
   * A search: a query read as a product code answers its exact code matches (first page, by id);
   * otherwise the ranked search, with the filters and sort its words ask for applied where the
   * caller did not pass them. A code written inside a longer query (`RV 2300 robot vacuum`,
   * codePartsOf) puts its exact matches first on the first page, then the ranked search without
   * them on every page: match `code`, the code's words one `code` reading.
   */
  private async search(organizationId: string, q: string, criteria: ProductCriteria, limit: number, cursor?: string): Promise<ProductPage> {
    await this.ranked.ownRowsFromHere();
    const parts = codePartsOf(q);
    const [read, coded, partCoded] = await Promise.all([
      this.analyzer.analyze(organizationId, q, criteria.languages),
      cursor ? [] : this.codes.find(organizationId, codeFormsOf(q), criteria, limit),
      this.codes.find(
        organizationId,
        parts.map((p) => p.form),
        criteria,
        limit,
      ),
    ]);
    if (coded.length > 0) return this.codePage(organizationId, q, coded, criteria.collapseVariants === true);
    const plan = planFor(read, criteria);
    let presentParts: CodePart[] = [];
    if (partCoded.length > 0 && limit > 1) {
      const present = new Set(
        await this.codes.present(
          organizationId,
          parts.map((p) => p.form),
        ),
      );
      presentParts = parts.filter((p) => present.has(p.form));
      plan.words = withCodeReadings(plan.words, presentParts);
    }
    // At least one place for the ranked search, whose last row the next page's cursor names.
    const shown = partCoded.slice(0, Math.max(0, limit - 1));
    const first = cursor ? [] : shown;
    const skipped = new Set(shown);
    const { criteria: effective, inferred } = await withInferred(plan.constraints, criteria, () =>
      this.products.mainCurrency(organizationId),
    );
    const reading = (match: MatchKind): QueryInterpretation => ({ match, words: plan.words, inferred });
    const sort = keyedSort(effective);
    checkCursorSort(cursor, sort);
    // A cursor this endpoint did not issue is refused even when the query matches nothing.
    const after = cursor && !sort ? SEARCH_CURSOR.decode(cursor) : undefined;
    if (cursor && sort) SORTED_CURSOR.decode(cursor);
    const missing = plan.words.some((w) => w.status === 'not_found');
    if (matchesNothing(plan, criteria))
      return { products: [], nextCursor: null, totalCount: 0, totalCountExact: true, rankingExact: true, interpretation: reading('none') };
    if (sort) {
      const sorted = await this.sortedPage(organizationId, plan, effective, sort, limit, cursor, reading('all_words'));
      const match: MatchKind = sorted.products.length === 0 && !cursor ? 'none' : missing || sorted.partialShown ? 'partial' : 'all_words';
      const matches = await this.matches.of(
        organizationId,
        plan,
        sorted.products.map((p) => p.productId),
      );
      return { ...sorted, interpretation: reading(match), matches };
    }
    const ladder = criteria.matchAll ? false : after ? after.ladder === 1 : { auto: limit };
    const ranked = await this.ranked.page(
      organizationId,
      plan,
      effective,
      ladder,
      limit + 1,
      after && { tier: tierOfWire(after.tier), score: after.score, id: after.id },
      effective.collapseVariants ? { excluded: shown } : undefined,
    );
    const found = await this.products.findMany(
      organizationId,
      ranked.rows.slice(0, limit + 1).map((r) => r.id),
    );
    const byId = new Map(found.map((p) => [p.productId, p]));
    const rows = ranked.rows.filter((r) => byId.has(r.id) && !skipped.has(r.id));
    const page = collapsedSplit(
      rows,
      limit - first.length,
      (last) => SEARCH_CURSOR.encode({ tier: wireTier(last.tier), score: last.score, id: last.id, ladder: ranked.ladder ? 1 : 0 }),
      ranked.resume,
    );
    const partialShown = ranked.ladder && rows.some((r) => r.tier === Tier.Partial);
    const match: MatchKind =
      shown.length > 0 ? 'code' : rows.length === 0 && !after ? 'none' : missing || partialShown ? 'partial' : 'all_words';
    const codedProducts = await this.products.findMany(organizationId, first);
    const codedById = new Map(codedProducts.map((p) => [p.productId, p]));
    const products = [
      ...first.map((id) => codedById.get(id)).filter((p): p is Product => p !== undefined),
      ...page.items.map((r) => byId.get(r.id) as Product),
    ];
    const matches = await this.matches.of(
      organizationId,
      plan,
      products.map((p) => p.productId),
    );
    const shownFirst = new Set(first);
    if (presentParts.length > 0) for (const [id, found] of matches) matches.set(id, withCodeWords(found, presentParts, shownFirst.has(id)));
    return {
      products,
      nextCursor: page.nextCursor,
      totalCount: ranked.total,
      totalCountExact: ranked.exact,
      rankingExact: ranked.rankingExact,
      interpretation: reading(match),
      matches,
      ...(ranked.groups && { groups: withOwnGroups(ranked.groups, first) }),
    };
  }

  /** The stored products of these ids, by id. */
  private async foundById(organizationId: string, ids: string[]): Promise<Map<string, Product>> {
    const found = await this.products.findMany(organizationId, ids);
    return new Map(found.map((p) => [p.productId, p]));
  }

  /**
   * A page in a keyed sort (docs/search.md "Order"): a browse (no plan) or a search's tiers, each
   * ordered by the sort's key. Prices compare in the currency filter's currency, else the main one.
   */
  private async sortedPage(
    organizationId: string,
    plan: SearchPlan | null,
    criteria: ProductCriteria,
    sort: KeyedSort,
    limit: number,
    cursor: string | undefined,
    interpretation: QueryInterpretation,
  ): Promise<ProductPage & { partialShown: boolean }> {
    const after = cursor ? SORTED_CURSOR.decode(cursor) : undefined;
    const currency =
      sort === 'newest' ? null : (criteria.price?.currency ?? criteria.sortCurrency ?? (await this.products.mainCurrency(organizationId)));
    const position: SortedPosition | undefined = after && { tier: after.tier, group: after.group, key: after.key, id: after.id };
    const ladder = criteria.matchAll ? false : after ? after.ladder === 1 : { auto: limit };
    const ranked = await this.ranked.sortedPage(
      organizationId,
      plan,
      criteria,
      sort,
      currency,
      ladder,
      limit + 1,
      position,
      criteria.collapseVariants === true,
    );
    const found = await this.products.findMany(
      organizationId,
      ranked.rows.map((r) => r.id),
    );
    const byId = new Map(found.map((p) => [p.productId, p]));
    const rows = ranked.rows.filter((r) => byId.has(r.id));
    const page = splitPage(rows, limit, (last) =>
      SORTED_CURSOR.encode({
        sort: SORT_CODES[sort],
        tier: last.tier,
        group: last.group,
        key: last.key,
        id: last.id,
        ladder: ranked.ladder ? 1 : 0,
      }),
    );
    return {
      products: page.items.map((r) => byId.get(r.id) as Product),
      nextCursor: page.nextCursor,
      totalCount: ranked.total,
      totalCountExact: ranked.exact,
      rankingExact: ranked.rankingExact,
      interpretation,
      partialShown: ranked.ladder && rows.some((r) => r.tier === 1),
      ...(ranked.groups && { groups: ranked.groups }),
    };
  }

  /** The exact code matches; collapsed, the first of each variant group, its group the code matches of that group. */
  private async codePage(organizationId: string, q: string, ids: string[], collapse: boolean): Promise<ProductPage> {
    const found = await this.products.findMany(organizationId, ids);
    const byId = new Map(found.map((p) => [p.productId, p]));
    const matched = ids.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined);
    const groups = collapse ? codeGroups(matched) : undefined;
    const products = groups ? matched.filter((p) => groups.get(p.productId)?.members[0] === p.productId) : matched;
    const word = q.trim().toLowerCase();
    const codeMatch: ProductMatch = { all_words: true, missing: [], words: { [word]: 'code' }, score: null };
    return {
      ...(groups && { groups }),
      matches: new Map(products.map((p) => [p.productId, codeMatch])),
      products,
      nextCursor: null,
      totalCount: products.length,
      totalCountExact: true,
      rankingExact: true,
      interpretation: { match: 'code', words: [{ word: q.trim().toLowerCase(), status: 'code' }], inferred: {} },
    };
  }
}

/** The keyed sort asked for, if any (relevance is the default order). */
function keyedSort(criteria: ProductCriteria): KeyedSort | undefined {
  return criteria.sort && criteria.sort !== 'relevance' ? criteria.sort : undefined;
}

function total(counted: number): Pick<ProductPage, 'totalCount' | 'totalCountExact'> {
  return { totalCount: Math.min(counted, SEARCH_CANDIDATES), totalCountExact: counted <= SEARCH_CANDIDATES };
}

/** A collapsed page's split: as splitPage, but a page the repository ended early continues after `resume`. */
function collapsedSplit<T>(rows: T[], limit: number, cursorOf: (last: T) => string, resume?: T): { items: T[]; nextCursor: string | null } {
  const page = splitPage(rows, limit, cursorOf);
  return page.nextCursor === null && resume !== undefined ? { items: page.items, nextCursor: cursorOf(resume) } : page;
}

/** The groups of a ranked page plus the code matches shown before it (each its group's entry, counted alone). */
function withOwnGroups(groups: Map<string, GroupMatches>, coded: string[]): Map<string, GroupMatches> {
  const out = new Map(groups);
  for (const id of coded) out.set(id, { key: null, members: [id], count: 1 });
  return out;
}

/** Code matches grouped by group_id, in their order (a product without one is its own group). */
function codeGroups(products: Product[]): Map<string, GroupMatches> {
  const byKey = new Map<string, string[]>();
  const keyOf = (p: Product): string => {
    const group = (p.data as { group_id?: unknown }).group_id;
    return typeof group === 'string' ? `g${group}` : `p${p.productId}`;
  };
  for (const p of products) byKey.set(keyOf(p), [...(byKey.get(keyOf(p)) ?? []), p.productId]);
  return new Map(
    products.map((p) => {
      const members = byKey.get(keyOf(p)) as string[];
      return [p.productId, { key: keyOf(p), members, count: members.length }];
    }),
  );
}
