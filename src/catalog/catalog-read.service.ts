import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/errors/api-error';
import { StoredProductDto, type StoredProductPageDto } from './dto/stored-product.dto';
import type { ProductCriteria } from './criteria/product-criteria';
import { ProductQueryService } from './query/product-query.service';
import { CatalogStatsStoreRepository } from './stats/catalog-stats-store.repository';

/** Organization-scoped reads of the catalog for the REST API (pages and lookups via ProductQueryService). */
@Injectable()
export class CatalogReadService {
  constructor(
    private readonly query: ProductQueryService,
    private readonly stats: CatalogStatsStoreRepository,
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
   * The maintained counts (catalog_stats, one row read by key), the source MCP catalog_overview
   * reads too: constant work whatever the catalog's size, as fresh as the worker's last recompute
   * (within seconds of a finished import or a delete). Never computed yet: an empty catalog.
   */
  async summary(organizationId: string): Promise<{ productCount: number; updatedAt: Date | null }> {
    const stats = await this.stats.read(organizationId);
    return { productCount: stats?.productCount ?? 0, updatedAt: stats?.updatedAt ?? null };
  }
}
