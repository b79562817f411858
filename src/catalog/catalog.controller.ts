import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator';
import { RequireScopes } from '../auth/decorators/require-scopes.decorator';
import type { Principal } from '../auth/principal';
import { ErrorResponse } from '../common/errors/error-response.dto';
import { CatalogReadService } from './catalog-read.service';
import { ProductQueryDto } from './dto/product-query.dto';
import { ProductDeletion } from './product-deletion.service';
import { StoredProductDto, StoredProductPageDto } from './dto/stored-product.dto';

@ApiTags('catalog')
@Controller('v1/catalogs/products')
export class CatalogController {
  constructor(
    private readonly catalog: CatalogReadService,
    private readonly deletion: ProductDeletion,
  ) {}

  @Get()
  @RequireScopes('accounts--my:ro')
  @ApiOperation({
    operationId: 'list-products',
    summary: 'List or search products',
    description: 'Without q: products ordered by id. With q: full-text matches ordered by relevance, then id.',
  })
  @ApiOkResponse({ type: StoredProductPageDto })
  @ApiUnprocessableEntityResponse({ type: ErrorResponse, description: 'Invalid limit, cursor or q' })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ProductQueryDto): Promise<StoredProductPageDto> {
    return this.catalog.listProducts(principal.organizationId, query.limit, query.cursor, query.q);
  }

  @Get(':product_id')
  @RequireScopes('accounts--my:ro')
  @ApiOperation({ operationId: 'get-product', summary: 'Get one product' })
  @ApiParam({ name: 'product_id', description: 'The product id (integer ids are stored as their decimal string)' })
  @ApiOkResponse({ type: StoredProductDto })
  @ApiNotFoundResponse({ type: ErrorResponse, description: "No product with that id in the caller's organization" })
  get(@CurrentPrincipal() principal: Principal, @Param('product_id') productId: string): Promise<StoredProductDto> {
    return this.catalog.getProduct(principal.organizationId, productId);
  }

  @Delete(':product_id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequireScopes('accounts--my:rw')
  @ApiOperation({
    operationId: 'delete-product',
    summary: 'Delete one product',
    description:
      "Applied in order with your organization's imports: while one is running the delete waits for it to end (up to " +
      'PRODUCT_DELETE_WAIT_MS, default 5 s), then answers 409 conflict with Retry-After. An import queued but not started yet ' +
      'applies after the delete (and may add the product again).',
  })
  @ApiParam({ name: 'product_id', description: 'The product id (integer ids are stored as their decimal string)' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFoundResponse({
    type: ErrorResponse,
    description: "No product with that id in the caller's organization",
    example: { error: { type: 'not_found', message: 'Product SKU-10042 not found' } },
  })
  @ApiConflictResponse({
    type: ErrorResponse,
    description: 'An import of the organization kept running past the wait; retry after Retry-After seconds',
    headers: { 'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer', example: 5 } } },
    example: {
      error: { type: 'conflict', message: 'An import of your organization is running; the delete waited 5,000 ms for it. Retry later' },
    },
  })
  async delete(@CurrentPrincipal() principal: Principal, @Param('product_id') productId: string): Promise<void> {
    await this.deletion.delete(principal.organizationId, productId);
  }
}
