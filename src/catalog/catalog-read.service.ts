import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/errors/api-error';
import { StoredProductDto, type StoredProductPageDto } from './dto/stored-product.dto';
import type { ProductCriteria } from './criteria/product-criteria';
import { ProductQueryService } from './query/product-query.service';
import { CatalogCountsRepository } from './stats/catalog-counts.repository';
import { CatalogStatsStoreRepository } from './stats/catalog-stats-store.repository';

/** Organization-scoped reads of the catalog for the REST API (pages and lookups via ProductQueryService). */
@Injectable()
export class CatalogReadService {
  constructor(
    private readonly query: ProductQueryService,
    private readonly stats: CatalogStatsStoreRepository,
    private readonly counts: CatalogCountsRepository,
  ) {}

  async getProduct(organizationId: string, productId: string): Promise<StoredProductDto> {
    const product = (await this.query.byIds(organizationId, [productId])).get(productId);
    if (!product) throw new NotFoundError(`Product ${productId} not found`);
    return StoredProductDto.from(product);
  }

  async listProducts(organizationId: string, criteria: ProductCriteria, limit: number, cursor?: string): Promise<StoredProductPageDto> {
    const page = await this.query.page(organizationId, criteria, limit, cursor);
    return {
      data: page.products.map((p) =>
        StoredProductDto.from(p, page.groups && (page.groups.get(p.productId)?.count ?? 1) - 1, page.matches?.get(p.productId)),
      ),
      next_cursor: page.nextCursor,
      total_count: page.totalCount,
      total_count_exact: page.totalCountExact,
      ranking_exact: page.rankingExact,
      interpretation: page.interpretation,
    };
  }

  /**
   * Two rows read by key, as MCP catalog_overview reads them: constant work whatever the catalog's
   * size. The product count is exact as of the last commit (catalog_counts); the last change is the
   * worker's last recompute (catalog_stats, within seconds of a finished import or a delete).
   */
  async summary(organizationId: string): Promise<{ productCount: number; updatedAt: Date | null }> {
    const [productCount, stats] = await Promise.all([this.counts.products(organizationId), this.stats.read(organizationId)]);
    return { productCount, updatedAt: stats?.updatedAt ?? null };
  }
}
