import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import { Product } from '../entities/product.entity';
import type { ProductCriteria } from './product-criteria';

const RANK = `ts_rank(s.search, websearch_to_tsquery('english', :q))::float8`;

/** Where a filter reads a product's values: its `product_search` row, or its stored document. */
interface FilterSource {
  brandKey: string;
  availability: string;
  priceCurrency: string;
  priceAmount: string;
  categoryKeys: string;
  /** States product_categories_overlap() beside `&&` (see migration 1764300540000): only where a GIN index could serve it. */
  categoryTwin: boolean;
}

/**
 * The indexed columns (migration 1764300540000; PostgreSQL infers their partial indexes'
 * `IS NOT NULL` from the strict comparisons below). Written by the search indexer, as the vectors.
 */
const INDEXED: FilterSource = {
  brandKey: 's.brand_key',
  availability: 's.availability',
  priceCurrency: 's.price_currency',
  priceAmount: 's.price_amount',
  categoryKeys: 's.category_keys',
  categoryTwin: true,
};

/** The same values computed from the document (PRODUCT_FILTER_COLUMNS, search-row-sql.ts's category keys): for a few ids, no index needed. */
const DOCUMENT: FilterSource = {
  brandKey: `lower(p.data->>'brand')`,
  availability: `p.data->>'availability'`,
  priceCurrency: 'product_price_currency(p.data)',
  priceAmount: 'product_price_amount(p.data)',
  categoryKeys: `product_category_keys(p.organization_id, p.data->'categories')`,
  categoryTwin: false,
};

const JOIN_SEARCH = 's.organization_id = p.organization_id AND s.product_id = p.product_id';

/**
 * Filtered product pages. Pages and full-text search filter on `product_search` (indexed, so a
 * filtered page is an index scan; they see a product once the search indexer has taken it);
 * lookups by id filter on the stored documents, and so see every product as soon as it is stored.
 */
@Injectable()
export class ProductQueryRepository {
  constructor(@InjectRepository(Product) private readonly repo: Repository<Product>) {}

  /** Products matching the criteria ordered by id, after an id (keyset). */
  list(organizationId: string, criteria: ProductCriteria, limit: number, afterId?: string): Promise<Product[]> {
    const query = this.base(organizationId);
    if (hasFilter(criteria)) query.innerJoin('product_search', 's', JOIN_SEARCH);
    applyFilters(query, criteria, INDEXED).orderBy('p.product_id', 'ASC').limit(limit);
    if (afterId !== undefined) query.andWhere('p.product_id > :afterId', { afterId });
    return query.getMany();
  }

  /**
   * Full-text matches of `q` within the criteria, by ts_rank then id; keyset on (rank, id). Vectors
   * live in `product_search` (written by the search indexer): a product not indexed yet is not
   * found, a changed one is found by its previous text until it is indexed again.
   */
  async search(
    organizationId: string,
    q: string,
    criteria: ProductCriteria,
    limit: number,
    after?: { rank: number; id: string },
  ): Promise<Array<{ product: Product; rank: number }>> {
    const query = applyFilters(this.base(organizationId).innerJoin('product_search', 's', JOIN_SEARCH), criteria, INDEXED)
      .addSelect(RANK, 'rank')
      .andWhere(`s.search @@ websearch_to_tsquery('english', :q)`, { q })
      .orderBy('rank', 'DESC')
      .addOrderBy('p.product_id', 'ASC')
      .limit(limit);
    if (after) {
      query.andWhere(`(${RANK} < :rank OR (${RANK} = :rank AND p.product_id > :afterId))`, { rank: after.rank, afterId: after.id });
    }
    const { entities, raw } = await query.getRawAndEntities<{ rank: number }>();
    return entities.map((product, i) => ({ product, rank: Number(raw[i].rank) }));
  }

  /** The products with these ids that match the criteria (any order); ids must be storable strings. */
  findMany(organizationId: string, productIds: string[], criteria: ProductCriteria = {}): Promise<Product[]> {
    if (productIds.length === 0) return Promise.resolve([]);
    // A literal IN list (callers send at most a page of ids): the planner probes the primary key per id.
    return applyFilters(this.base(organizationId), criteria, DOCUMENT).andWhere('p.product_id IN (:...ids)', { ids: productIds }).getMany();
  }

  private base(organizationId: string): SelectQueryBuilder<Product> {
    return this.repo.createQueryBuilder('p').where('p.organization_id = :organizationId', { organizationId });
  }
}

function hasFilter(criteria: ProductCriteria): boolean {
  return (
    criteria.brand !== undefined ||
    Boolean(criteria.availability?.length) ||
    Boolean(criteria.categoryPrefixes?.length) ||
    criteria.price !== undefined ||
    criteria.pricedOnly === true
  );
}

function applyFilters(query: SelectQueryBuilder<Product>, criteria: ProductCriteria, from: FilterSource): SelectQueryBuilder<Product> {
  if (criteria.brand !== undefined) query.andWhere(`${from.brandKey} = lower(:brand)`, { brand: criteria.brand });
  if (criteria.availability?.length) {
    query.andWhere(`${from.availability} IN (:...availability)`, { availability: criteria.availability });
  }
  if (criteria.categoryPrefixes?.length) {
    // product_category_key() of constants is folded at plan time, so the GIN index sees literal keys.
    const keys = criteria.categoryPrefixes.map((_, i) => `product_category_key(CAST(:organizationId AS uuid), :category${i})`);
    const params = Object.fromEntries(criteria.categoryPrefixes.map((path, i) => [`category${i}`, path]));
    const wanted = `ARRAY[${keys.join(', ')}]`;
    // Indexed: the GIN-indexable `&&` plus its costly twin (see migration 1764300540000), so a rare
    // category is read through the GIN index, not by walking the primary key.
    const overlap = from.categoryTwin ? ` AND product_categories_overlap(${from.categoryKeys}, ${wanted})` : '';
    query.andWhere(`${from.categoryKeys} && ${wanted}${overlap}`, params);
  }
  if (criteria.price) {
    query.andWhere(`${from.priceCurrency} = :currency`, { currency: criteria.price.currency });
    if (criteria.price.min !== undefined) query.andWhere(`${from.priceAmount} >= CAST(:priceMin AS numeric)`, { priceMin: criteria.price.min });
    if (criteria.price.max !== undefined) query.andWhere(`${from.priceAmount} <= CAST(:priceMax AS numeric)`, { priceMax: criteria.price.max });
  } else if (criteria.pricedOnly) {
    query.andWhere(`${from.priceCurrency} IS NOT NULL`);
  }
  return query;
}
