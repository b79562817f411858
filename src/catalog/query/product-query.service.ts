import { Injectable } from '@nestjs/common';
import { CursorCodec } from '../../common/pagination/cursor';
import { cursorField } from '../../common/pagination/cursor-fields';
import { splitPage } from '../../common/pagination/page';
import { isStorableString } from '../../common/text/storable-string';
import { PRODUCT_LIMITS } from '../validation/product-limits';
import type { Product } from '../entities/product.entity';
import type { ProductCriteria } from './product-criteria';
import { ProductQueryRepository } from './product-query.repository';

/** Keyset positions: after a product id; in a search, after a (rank, id) pair. */
const LIST_CURSOR = new CursorCodec<{ id: string }>({ id: cursorField.text(PRODUCT_LIMITS.idMaxLength) });
const SEARCH_CURSOR = new CursorCodec<{ rank: number; id: string }>({
  rank: cursorField.float8,
  id: cursorField.text(PRODUCT_LIMITS.idMaxLength),
});

export interface ProductPage {
  products: Product[];
  nextCursor: string | null;
}

/**
 * The one read path for product pages and id lookups, used by the REST list, the UCP REST binding
 * and the MCP tools. A cursor it did not issue is a ValidationError (422 on REST).
 */
@Injectable()
export class ProductQueryService {
  constructor(private readonly products: ProductQueryRepository) {}

  async page(organizationId: string, criteria: ProductCriteria, limit: number, cursor?: string): Promise<ProductPage> {
    if (criteria.q !== undefined) {
      const after = cursor ? SEARCH_CURSOR.decode(cursor) : undefined;
      const rows = await this.products.search(organizationId, criteria.q, criteria, limit + 1, after);
      const page = splitPage(rows, limit, (last) => SEARCH_CURSOR.encode({ rank: last.rank, id: last.product.productId }));
      return { products: page.items.map((r) => r.product), nextCursor: page.nextCursor };
    }
    const after = cursor ? LIST_CURSOR.decode(cursor).id : undefined;
    const rows = await this.products.list(organizationId, criteria, limit + 1, after);
    const page = splitPage(rows, limit, (last) => LIST_CURSOR.encode({ id: last.productId }));
    return { products: page.items, nextCursor: page.nextCursor };
  }

  /** The stored products among these ids that match the criteria (q is ignored), keyed by id. Ids no product can have are never queried. */
  async byIds(organizationId: string, productIds: string[], criteria: ProductCriteria = {}): Promise<Map<string, Product>> {
    const wanted = [...new Set(productIds)].filter(
      (id) => id.length >= 1 && id.length <= PRODUCT_LIMITS.idMaxLength && isStorableString(id),
    );
    const rows = await this.products.findMany(organizationId, wanted, criteria);
    return new Map(rows.map((p) => [p.productId, p]));
  }
}
