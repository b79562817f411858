import { acceptedLanguages } from '../common/languages/language-tag';
import { Injectable } from '@nestjs/common';
import type { ProductDto } from '../catalog/product/product.dto';
import type { Product } from '../catalog/entities/product.entity';
import type { ProductCriteria } from '../catalog/criteria/product-criteria';
import { AVAILABILITY_VALUES, type Availability, ORDERABLE_AVAILABILITIES } from '../catalog/validation/product-vocabulary';
import { normaliseCategoryPath } from '../catalog/criteria/product-criteria';
import { type ProductPage, ProductQueryService } from '../catalog/query/product-query.service';
import { interpretationMessages } from './mapping/interpretation-messages';
import { fromMinorUnits } from './mapping/minor-units';
import { toUcpGroup, toUcpProduct } from './mapping/ucp-product.mapper';
import {
  envelope,
  LOOKUP_CAPABILITY,
  SEARCH_CAPABILITY,
  type UcpGetProductResponse,
  type UcpLookupResponse,
  type UcpMessage,
  type UcpProduct,
  type UcpSearchResponse,
} from './mapping/ucp-types';
import {
  type CatalogFilters,
  DEFAULT_PAGE_LIMIT,
  type GetProductRequest,
  type LookupRequest,
  MAX_PAGE_LIMIT,
  type SearchRequest,
} from './ucp-requests';

/**
 * The UCP Catalog capability (search, lookup, get_product) over ProductQueryService, for both
 * the MCP tools and the REST binding. Requests arrive already parsed by the ucp-requests schemas.
 */
@Injectable()
export class UcpCatalogService {
  constructor(private readonly query: ProductQueryService) {}

  /** `acceptLanguage`: the REST binding's Accept-Language, read when context.language is absent (as UCP asks). */
  async search(organizationId: string, request: SearchRequest, acceptLanguage?: string): Promise<UcpSearchResponse> {
    const languages = request.context?.language ? [request.context.language] : acceptedLanguages(acceptLanguage);
    // Only priced products: a UCP product needs a price (lookups report unpriced ids instead).
    const asked: ProductCriteria = {
      ...toCriteria(request.filters, request.context?.currency),
      q: request.query,
      pricedOnly: true,
      ...(request.match === 'all' && { matchAll: true }),
      // One product per variant group, its matching variants inside (docs/search.md "Variants").
      collapseVariants: true,
      ...(request.sort && { sort: request.sort }),
      ...(request.context?.currency && { sortCurrency: request.context.currency }),
      ...(languages.length > 0 && { languages }),
    };
    const { criteria, context } = await this.query.withIntent(organizationId, asked, request.context?.intent);
    const messages: UcpMessage[] = [];
    if (criteria.price && !(await this.query.hasCurrency(organizationId, criteria.price.currency))) {
      // Nothing here is priced in that currency: the filter would empty the results without saying why.
      messages.push({
        type: 'info',
        code: 'filter_ignored',
        path: asked.price ? '$.filters.price' : '$.context.intent',
        content: `No product of this catalog is priced in ${criteria.price.currency}; results are shown without the price filter (prices are never converted).`,
      });
      delete criteria.price;
      delete context?.price_min;
      delete context?.price_max;
    }
    const limit = Math.min(request.pagination?.limit ?? DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT);
    const page = await this.query.page(organizationId, criteria, limit, request.pagination?.cursor);
    if (!page.totalCountExact) {
      messages.push({
        type: 'info',
        code: 'total_count_capped',
        path: '$.pagination.total_count',
        content: `More than ${page.totalCount} products match; total_count stops counting there.`,
      });
    }
    if (!page.rankingExact) {
      messages.push({
        type: 'info',
        code: 'ranking_cut_short',
        path: '$.products',
        content: 'Ranking was cut short by a work bound: the last products of this page are the best of a sample of the matches.',
      });
    }
    const interpretation = context ? { ...page.interpretation, context } : page.interpretation;
    messages.push(...interpretationMessages(interpretation));
    return {
      ...searchResponse(
        (await this.groupProducts(organizationId, page)).filter((p): p is UcpProduct => p !== null),
        {
          ...(page.nextCursor ? { has_next_page: true, cursor: page.nextCursor } : { has_next_page: false }),
          total_count: page.totalCount,
        },
        messages,
      ),
      interpretation,
      ranking_exact: page.rankingExact,
    };
  }

  /** Each page entry with its group's other matches as variants (read in one lookup). */
  private async groupProducts(organizationId: string, page: ProductPage): Promise<Array<UcpProduct | null>> {
    const groupOf = (id: string) => page.groups?.get(id) ?? { members: [id], count: 1 };
    const siblingIds = page.products.flatMap((p) => groupOf(p.productId).members.filter((id) => id !== p.productId));
    const siblings = siblingIds.length > 0 ? await this.query.byIds(organizationId, siblingIds) : new Map<string, Product>();
    return page.products.map((p) => {
      const group = groupOf(p.productId);
      const others = group.members.filter((id) => id !== p.productId).flatMap((id) => siblings.get(id) ?? []);
      const product = toUcpGroup(stored(p), others.map(stored), group.count - 1);
      const match = page.matches?.get(p.productId);
      return product && match ? { ...product, _match: match } : product;
    });
  }

  async lookup(organizationId: string, request: LookupRequest): Promise<UcpLookupResponse> {
    const ids = [...new Set(request.ids)];
    const criteria = toCriteria(request.filters, request.context?.currency);
    const found = await this.query.byIds(organizationId, ids, criteria);
    const products: UcpProduct[] = [];
    const messages: UcpMessage[] = [];
    for (const id of ids) {
      const stored = found.get(id);
      const product = stored ? ucpProduct(stored) : null;
      if (product) {
        product.variants[0].inputs = [{ id, match: 'exact' }]; // the product id is its only variant's id
        products.push(product);
      } else if (stored) {
        messages.push({ type: 'info', code: 'no_price', content: `${id} has no price, so it is not offered as a UCP product` });
      } else if (!request.filters) {
        messages.push({ type: 'info', code: 'not_found', content: id });
      }
    }
    if (request.filters) messages.push(...(await this.missing(organizationId, ids, found)));
    return { ucp: envelope(LOOKUP_CAPABILITY), products, ...(messages.length > 0 && { messages }) };
  }

  async getProduct(organizationId: string, request: GetProductRequest): Promise<UcpGetProductResponse> {
    const criteria = toCriteria(request.filters, request.context?.currency);
    const stored = (await this.query.byIds(organizationId, [request.id], criteria)).get(request.id);
    const product = stored ? ucpProduct(stored) : null;
    if (product) return { ucp: envelope(LOOKUP_CAPABILITY), product };
    const content = stored
      ? `Product ${request.id} has no price, so it is not offered as a UCP product`
      : `Product not found: ${request.id}${request.filters ? ' (or it does not match the filters)' : ''}`;
    return {
      ucp: envelope(LOOKUP_CAPABILITY, 'error'),
      messages: [{ type: 'error', code: stored ? 'item_unavailable' : 'not_found', content, severity: 'unrecoverable' }],
    };
  }

  /** With filters, an id left out is either filtered out (no message, as UCP says) or missing (not_found). */
  private async missing(organizationId: string, ids: string[], matched: Map<string, Product>): Promise<UcpMessage[]> {
    const unmatched = ids.filter((id) => !matched.has(id));
    if (unmatched.length === 0) return [];
    const existing = await this.query.byIds(organizationId, unmatched);
    return unmatched.filter((id) => !existing.has(id)).map((id) => ({ type: 'info', code: 'not_found', content: id }));
  }
}

function searchResponse(products: UcpProduct[], pagination: UcpSearchResponse['pagination'], messages: UcpMessage[]): UcpSearchResponse {
  return { ucp: envelope(SEARCH_CAPABILITY), products, pagination, ...(messages.length > 0 && { messages }) };
}

function ucpProduct(product: Product): UcpProduct | null {
  return toUcpProduct(stored(product));
}

function stored(product: Product): ProductDto {
  return product.data as unknown as ProductDto;
}

/** UCP filters (price in minor units of the context currency) → our criteria. */
export function toCriteria(filters: CatalogFilters | undefined, currency: string | undefined): ProductCriteria {
  const price = filters?.price;
  return {
    brand: filters?.brand,
    availability: availabilityOf(filters),
    attributes: filters?.attributes,
    categoryPrefixes: filters?.categories?.map(normaliseCategoryPath),
    price:
      price && currency
        ? {
            currency,
            min: price.min !== undefined ? fromMinorUnits(price.min, currency) : undefined,
            max: price.max !== undefined ? fromMinorUnits(price.max, currency) : undefined,
          }
        : undefined,
  };
}

/** `availability` and `available` together (AND); an empty list matches nothing. */
function availabilityOf(filters: CatalogFilters | undefined): Availability[] | undefined {
  if (filters?.available === undefined) return filters?.availability;
  const orderable = new Set<Availability>(ORDERABLE_AVAILABILITIES);
  const wanted = AVAILABILITY_VALUES.filter((value) => orderable.has(value) === filters.available);
  return filters.availability ? wanted.filter((value) => filters.availability?.includes(value)) : wanted;
}
