import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import { Product } from '../entities/product.entity';
import type { ProductCriteria } from './product-criteria';

const RANK = `ts_rank(s.search, websearch_to_tsquery('english', :q))::float8`;

/**
 * Filtered product pages. Every expression below is the one an index of migration
 * 1764300200000 (or the GIN index on `product_search.search`) was built on, so a filtered page is an index scan;
 * change one only together with its index.
 */
@Injectable()
export class ProductQueryRepository {
  constructor(@InjectRepository(Product) private readonly repo: Repository<Product>) {}

  /** Products matching the criteria ordered by id, after an id (keyset). */
  list(organizationId: string, criteria: ProductCriteria, limit: number, afterId?: string): Promise<Product[]> {
    const query = this.filtered(organizationId, criteria).orderBy('p.product_id', 'ASC').limit(limit);
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
    const query = this.filtered(organizationId, criteria)
      .innerJoin('product_search', 's', 's.organization_id = p.organization_id AND s.product_id = p.product_id')
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
    return this.filtered(organizationId, criteria).andWhere('p.product_id IN (:...ids)', { ids: productIds }).getMany();
  }

  private filtered(organizationId: string, criteria: ProductCriteria): SelectQueryBuilder<Product> {
    const query = this.repo.createQueryBuilder('p').where('p.organization_id = :organizationId', { organizationId });
    // Each filter repeats its partial index's predicate (`data ? …`, `… IS NOT NULL`): the planner
    // uses a partial index only for a query that states it.
    if (criteria.brand !== undefined) {
      query.andWhere(`p.data ? 'brand' AND lower(p.data->>'brand') = lower(:brand)`, { brand: criteria.brand });
    }
    if (criteria.availability?.length) {
      query.andWhere(`p.data ? 'availability' AND p.data->>'availability' IN (:...availability)`, { availability: criteria.availability });
    }
    if (criteria.categoryPrefixes?.length) {
      // product_category_key() of constants is folded at plan time, so the GIN index sees literal keys.
      const keys = criteria.categoryPrefixes.map((_, i) => `product_category_key(CAST(:organizationId AS uuid), :category${i})`);
      const params = Object.fromEntries(criteria.categoryPrefixes.map((path, i) => [`category${i}`, path]));
      query.andWhere(
        `p.data ? 'categories' AND product_category_keys(p.organization_id, p.data->'categories') && ARRAY[${keys.join(', ')}]`,
        params,
      );
    }
    if (criteria.price) {
      query.andWhere('product_price_currency(p.data) IS NOT NULL AND product_price_currency(p.data) = :currency', {
        currency: criteria.price.currency,
      });
      if (criteria.price.min !== undefined)
        query.andWhere('product_price_amount(p.data) >= CAST(:priceMin AS numeric)', { priceMin: criteria.price.min });
      if (criteria.price.max !== undefined)
        query.andWhere('product_price_amount(p.data) <= CAST(:priceMax AS numeric)', { priceMax: criteria.price.max });
    } else if (criteria.pricedOnly) {
      query.andWhere('product_price_currency(p.data) IS NOT NULL');
    }
    return query;
  }
}
