import type { ProductCodesRepository } from '../../search/product-codes.repository';
import type { ProductMatchesRepository } from '../../search/product-matches.repository';
import type { Product } from '../../entities/product.entity';
import type { SearchPlan } from '../../search/query-reading/query-analyzer.service';
import type { QueryAnalyzerService } from '../../search/query-reading/query-analyzer.service';
import type { RankedPage, RankedPosition, RankedSearchRepository } from '../../search/ranked-search.repository';
import type { Ladder } from '../../search/ranking/tier';
import type { ProductCriteria } from '../../criteria/product-criteria';
import type { ProductQueryRepository } from '../product-query.repository';

type QueryStore = Pick<ProductQueryRepository, 'list' | 'count' | 'findMany' | 'hasCurrency' | 'mainCurrency'>;

/** A stored product as the fake holds it: its id and document (brand and availability are what the fake filters on). */
export function storedProduct(organizationId: string, productId: string, data: Record<string, unknown> = {}): Product {
  const at = new Date('2026-01-01T00:00:00Z');
  return {
    organizationId,
    productId,
    data: { id: productId, title: productId, ...data },
    contentHash: Buffer.alloc(32),
    rawHash: null,
    createdAt: at,
    updatedAt: at,
    language: null,
    lastImportJobId: null,
  };
}

/**
 * In-memory stand-ins for what ProductQueryService reads through: the product pages and lookups,
 * the query analyzer and the ranked search. They keep what the SQL guarantees the service relies
 * on (pages ordered by id after a keyset position, each organization's own rows only, ranked hits
 * best first after a position) and record every call, so a spec can check what was asked.
 */
export class FakeProductQueries {
  readonly products: Product[] = [];
  /** Ranked hits of any query, best first: tier, then score, then id. */
  hits: RankedPosition[] = [];
  /** What count() answers (the real one counts up to its cap). */
  counted: number | undefined;
  readonly calls: Array<{ method: string; args: unknown[] }> = [];

  readonly repository: QueryStore = {
    list: async (organizationId, criteria, limit, afterId) => {
      this.calls.push({ method: 'list', args: [organizationId, criteria, limit, afterId] });
      return this.matching(organizationId, criteria)
        .filter((p) => afterId === undefined || p.productId > afterId)
        .sort((a, b) => (a.productId < b.productId ? -1 : 1))
        .slice(0, limit);
    },
    count: async (organizationId, criteria, cap) => {
      this.calls.push({ method: 'count', args: [organizationId, criteria, cap] });
      return Math.min(this.counted ?? this.matching(organizationId, criteria).length, cap);
    },
    findMany: async (organizationId, productIds, criteria = {}) => {
      this.calls.push({ method: 'findMany', args: [organizationId, productIds, criteria] });
      return this.matching(organizationId, criteria).filter((p) => productIds.includes(p.productId));
    },
    hasCurrency: async () => false,
    mainCurrency: async () => null,
  };

  readonly analyzer: Pick<QueryAnalyzerService, 'analyze'> = {
    analyze: async (organizationId, q) => {
      this.calls.push({ method: 'analyze', args: [organizationId, q] });
      const terms = q
        .split(/\s+/)
        .filter(Boolean)
        .map(() => ({ exact: [], alternatives: [], strong: true }));
      return { terms, required: terms, excluded: [], words: [], constraints: { text: q, negated: [], words: [] } } as unknown as SearchPlan;
    },
  };

  /** How products matched: not computed by the fake (the e2e specs read the real statement). */
  readonly matches: Pick<ProductMatchesRepository, 'of'> = { of: async () => new Map() };

  /** No product codes: searches go to the ranked fake. */
  readonly codes: Pick<ProductCodesRepository, 'find'> = { find: async () => [] };

  readonly ranked: Pick<RankedSearchRepository, 'page' | 'ownRowsFromHere'> = {
    ownRowsFromHere: () => Promise.resolve(),
    page: async (organizationId, plan, criteria, ladder: Ladder, limit, after) => {
      this.calls.push({ method: 'ranked', args: [organizationId, plan, criteria, ladder, limit, after] });
      const allWords = this.hits.filter((h) => h.tier === 0).length;
      const addsPartial = typeof ladder === 'boolean' ? ladder : allWords < ladder.auto;
      const searched = addsPartial ? this.hits : this.hits.filter((h) => h.tier === 0);
      const start = after ? searched.findIndex((h) => h.tier === after.tier && h.score === after.score && h.id === after.id) + 1 : 0;
      const page: RankedPage = {
        rows: searched.slice(start, start + limit),
        total: searched.length,
        exact: true,
        rankingExact: true,
        ladder: addsPartial,
      };
      return page;
    },
  };

  callsTo(method: string): unknown[][] {
    return this.calls.filter((c) => c.method === method).map((c) => c.args);
  }

  private matching(organizationId: string, criteria: ProductCriteria): Product[] {
    return this.products.filter(
      (p) =>
        p.organizationId === organizationId &&
        (criteria.brand === undefined || String(p.data.brand ?? '').toLowerCase() === criteria.brand.toLowerCase()) &&
        (criteria.availability === undefined || criteria.availability.includes(p.data.availability as never)),
    );
  }
}
