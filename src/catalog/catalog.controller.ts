import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator';
import { RequireScopes } from '../auth/decorators/require-scopes.decorator';
import type { Principal } from '../auth/principal';
import { ErrorResponse } from '../common/errors/error-response.dto';
import { CatalogReadService } from './catalog-read.service';
import { ProductQueryDto } from './dto/product-query.dto';
import { StoredProductDto, StoredProductPageDto } from './dto/stored-product.dto';

@ApiTags('catalog')
@Controller('v1/catalogs/products')
export class CatalogController {
  constructor(private readonly catalog: CatalogReadService) {}

  @Get()
  @RequireScopes('accounts--my:ro')
  @ApiOperation({
    operationId: 'list-products',
    summary: 'List or search products',
    description:
      'Without q: products ordered by id. With q: full-text matches ordered by relevance, then id. ' +
      'brand, category (path prefix), availability and a price range (with currency) narrow either; all combine with AND.',
  })
  @ApiOkResponse({ type: StoredProductPageDto })
  @ApiUnprocessableEntityResponse({ type: ErrorResponse, description: 'Invalid limit, cursor, q or filter' })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ProductQueryDto): Promise<StoredProductPageDto> {
    return this.catalog.listProducts(principal.organizationId, query.toCriteria(), query.limit, query.cursor);
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
}
