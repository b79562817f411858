import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/errors/api-error';
import { isStorableString } from '../common/text/storable-string';
import { PRODUCT_LIMITS } from './validation/product-limits';
import { CursorCodec } from '../common/pagination/cursor';
import { cursorField } from '../common/pagination/cursor-fields';
import { splitPage } from '../common/pagination/page';
import { StoredProductDto, type StoredProductPageDto } from './dto/stored-product.dto';
import { ProductRepository } from './repositories/product.repository';

/** Keyset positions: after a product id; in a search, after a (rank, id) pair. */
const LIST_CURSOR = new CursorCodec<{ id: string }>({ id: cursorField.text(PRODUCT_LIMITS.idMaxLength) });
const SEARCH_CURSOR = new CursorCodec<{ rank: number; id: string }>({
  rank: cursorField.float8,
  id: cursorField.text(PRODUCT_LIMITS.idMaxLength),
});

/** Organization-scoped reads of the catalog. */
@Injectable()
export class CatalogReadService {
  constructor(private readonly products: ProductRepository) {}

  async getProduct(organizationId: string, productId: string): Promise<StoredProductDto> {
    // An id no product can have (too long, NUL, lone surrogate) is simply not found; never queried.
    const product =
      productId.length <= PRODUCT_LIMITS.idMaxLength && isStorableString(productId)
        ? await this.products.findOne(organizationId, productId)
        : null;
    if (!product) throw new NotFoundError(`Product ${productId} not found`);
    return StoredProductDto.from(product);
  }

  async listProducts(organizationId: string, limit: number, cursor?: string, q?: string): Promise<StoredProductPageDto> {
    if (q !== undefined) return this.search(organizationId, q, limit, cursor);
    const after = cursor ? LIST_CURSOR.decode(cursor).id : undefined;
    const rows = await this.products.list(organizationId, limit + 1, after);
    const page = splitPage(rows, limit, (last) => LIST_CURSOR.encode({ id: last.productId }));
    return { data: page.items.map((p) => StoredProductDto.from(p)), next_cursor: page.nextCursor };
  }

  private async search(organizationId: string, q: string, limit: number, cursor?: string): Promise<StoredProductPageDto> {
    const after = cursor ? SEARCH_CURSOR.decode(cursor) : undefined;
    const rows = await this.products.search(organizationId, q, limit + 1, after);
    const page = splitPage(rows, limit, (last) => SEARCH_CURSOR.encode({ rank: last.rank, id: last.product.productId }));
    return { data: page.items.map((r) => StoredProductDto.from(r.product)), next_cursor: page.nextCursor };
  }

  async summary(organizationId: string): Promise<{ productCount: number; updatedAt: Date | null }> {
    const [productCount, updatedAt] = await Promise.all([
      this.products.countForOrganization(organizationId),
      this.products.lastUpdatedAt(organizationId),
    ]);
    return { productCount, updatedAt };
  }
}
