import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository, SelectQueryBuilder } from 'typeorm';
import { Product } from '../entities/product.entity';
import { DOCUMENT, filterConditions, hasFilter, INDEXED, type FilterSource } from '../criteria/filter-sql';
import type { ProductCriteria } from '../criteria/product-criteria';
import { readingOwnRows } from '../search/own-rows';

const JOIN_SEARCH = 's.organization_id = p.organization_id AND s.product_id = p.product_id';

/**
 * Filtered product pages and lookups by id. Pages filter on `product_search` (indexed, so a
 * filtered page is an index scan; they see a product once the search indexer has taken it);
 * lookups by id filter on the stored documents, and so see every product as soon as it is stored.
 * Ranked search is RankedSearchRepository's.
 */
@Injectable()
export class ProductQueryRepository {
  constructor(@InjectRepository(Product) private readonly repo: Repository<Product>) {}

  /** Products matching the criteria ordered by id, after an id (keyset). */
  list(organizationId: string, criteria: ProductCriteria, limit: number, afterId?: string): Promise<Product[]> {
    return this.ownRows((repo) => {
      const query = this.filtered(repo, organizationId, criteria).orderBy('p.product_id', 'ASC').limit(limit);
      if (afterId !== undefined) query.andWhere('p.product_id > :afterId', { afterId });
      return query.getMany();
    });
  }

  /**
   * How many products match the criteria, counted up to `cap`: filters read only `product_search`
   * (no join, so no plan that depends on how many rows the planner expects the organization to have).
   */
  async count(organizationId: string, criteria: ProductCriteria, cap: number): Promise<number> {
    const { sql, params } = filterConditions(criteria, INDEXED);
    const from = hasFilter(criteria) ? 'product_search s' : 'products s';
    const where = ['s.organization_id = :organizationId', ...sql].join(' AND ');
    const [text, values] = this.repo.manager.connection.driver.escapeQueryWithParameters(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT :cap) capped`,
      { ...params, organizationId, cap },
    );
    const [{ n }]: Array<{ n: number }> = await this.ownRows((repo) => repo.query(text, values));
    return n;
  }

  /** Whether any indexed product is priced in the currency (one probe of the price index). */
  async hasCurrency(organizationId: string, currency: string): Promise<boolean> {
    const [{ found }]: Array<{ found: boolean }> = await this.ownRows((repo) =>
      repo.query(`SELECT EXISTS (SELECT 1 FROM product_search WHERE organization_id = $1 AND price_currency = $2) AS found`, [
        organizationId,
        currency,
      ]),
    );
    return found;
  }

  /**
   * The currency most of the organization's priced products use, judged on at most 1,000 of them
   * (an index range of the organization's own rows): the currency a price said in words is in.
   */
  async mainCurrency(organizationId: string): Promise<string | null> {
    const rows: Array<{ currency: string }> = await this.ownRows((repo) =>
      repo.query(
        `SELECT price_currency AS currency FROM (
         SELECT price_currency FROM product_search WHERE organization_id = $1 AND price_currency IS NOT NULL LIMIT 1000
       ) sample GROUP BY price_currency ORDER BY count(*) DESC, price_currency LIMIT 1`,
        [organizationId],
      ),
    );
    return rows[0]?.currency ?? null;
  }

  /** The products with these ids that match the criteria (any order); ids must be storable strings. */
  findMany(organizationId: string, productIds: string[], criteria: ProductCriteria = {}): Promise<Product[]> {
    if (productIds.length === 0) return Promise.resolve([]);
    // A literal IN list (callers send at most a page of ids): the planner probes the primary key per id.
    return this.ownRows((repo) =>
      withFilters(this.base(repo, organizationId), criteria, DOCUMENT).andWhere('p.product_id IN (:...ids)', { ids: productIds }).getMany(),
    );
  }

  /** The statements run where no plan may read another organization's rows (see own-rows.ts). */
  private ownRows<T>(work: (repo: Repository<Product>) => Promise<T>): Promise<T> {
    return readingOwnRows(this.repo.manager.connection, (manager) => work(manager.getRepository(Product)));
  }

  private filtered(repo: Repository<Product>, organizationId: string, criteria: ProductCriteria): SelectQueryBuilder<Product> {
    const query = this.base(repo, organizationId);
    if (hasFilter(criteria)) query.innerJoin('product_search', 's', JOIN_SEARCH);
    return withFilters(query, criteria, INDEXED);
  }

  private base(repo: Repository<Product>, organizationId: string): SelectQueryBuilder<Product> {
    return repo.createQueryBuilder('p').where('p.organization_id = :organizationId', { organizationId });
  }
}

function withFilters(query: SelectQueryBuilder<Product>, criteria: ProductCriteria, from: FilterSource): SelectQueryBuilder<Product> {
  const { sql, params } = filterConditions(criteria, from);
  for (const condition of sql) query.andWhere(condition, params);
  return query;
}
