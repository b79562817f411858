import { Injectable } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { ConflictError, NotFoundError } from '../common/errors/api-error';
import { isStorableString } from '../common/text/storable-string';
import { PRODUCT_LIMITS } from './validation/product-limits';
import { ProductRepository } from './repositories/product.repository';

/**
 * Deletes single products, in order with the organization's imports: a delete that arrives while
 * an import of the organization runs waits for it to end (up to PRODUCT_DELETE_WAIT_MS), so the
 * import cannot write the product back afterwards; past the bound the client is told to retry.
 */
@Injectable()
export class ProductDeletionService {
  constructor(
    private readonly products: ProductRepository,
    private readonly config: AppConfig,
  ) {}

  async delete(organizationId: string, productId: string): Promise<void> {
    // An id no product can have (too long, NUL, lone surrogate) is simply not found; never queried.
    const storable = productId.length <= PRODUCT_LIMITS.idMaxLength && isStorableString(productId);
    const waitMs = this.config.catalog.productDeleteWaitMs;
    const outcome = storable ? await this.products.deleteInImportOrder(organizationId, productId, waitMs) : 'absent';
    if (outcome === 'absent') throw new NotFoundError(`Product ${productId} not found`);
    if (outcome === 'busy') {
      throw new ConflictError(
        `An import of your organization is running; the delete waited ${waitMs.toLocaleString('en-US')} ms for it. Retry later`,
        waitMs / 1000,
      );
    }
  }
}
