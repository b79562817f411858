import { Controller, Delete, Get, Headers, HttpCode, HttpStatus, Param, Query } from '@nestjs/common';
import { ApiHeader, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator';
import { RequireScopes } from '../auth/decorators/require-scopes.decorator';
import type { Principal } from '../auth/principal';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { API_TAGS } from '../openapi/api-tags';
import { ERROR_EXAMPLES } from '../openapi/error-examples';
import { CatalogReadService } from './catalog-read.service';
import { CATALOG_ERRORS } from './catalog-error-examples';
import { ApiAttributeFilters, criteriaOf, ProductQueryDto } from './dto/product-query.dto';
import { FacetQueryDto, ProductFacetsDto } from './dto/product-facets.dto';
import { ProductFacetsService } from './query/product-facets.service';
import { ProductDeletionService } from './product-deletion.service';
import { StoredProductDto, StoredProductPageDto } from './dto/stored-product.dto';
import { ReadsFromReplica } from '../reads/reads-from-replica.decorator';

const { conflict, not_found } = CATALOG_ERRORS;
const validation = { ...ERROR_EXAMPLES.validation, ...CATALOG_ERRORS.validation };

/** What a product query's parameters may be refused for (the list and the facets). */
const QUERY_ERRORS = [
  validation.limit,
  validation.query,
  validation.brand,
  validation.category,
  validation.language,
  validation.availability,
  validation.currency,
  validation.priceMin,
  validation.attributes,
  validation.unknownParameter,
];

@ApiTags(API_TAGS.catalog.name)
@Controller('v1/catalogs/products')
export class CatalogController {
  constructor(
    private readonly catalog: CatalogReadService,
    private readonly deletion: ProductDeletionService,
    private readonly facetCounts: ProductFacetsService,
  ) {}

  @Get()
  @RequireScopes('accounts--my:ro')
  @ReadsFromReplica()
  @ApiOperation({
    operationId: 'list-products',
    summary: 'List or search products',
    description:
      'Without q: products ordered by id. With q: a ranked search (see q for the order). brand, category (path prefix), ' +
      'availability, a price range (with currency) and attributes narrow either; all combine with AND. total_count says how many match.',
  })
  @ApiHeader({
    name: 'accept-language',
    required: false,
    description: 'The languages q may be written in, when the language parameter is absent (docs/search.md "Languages").',
  })
  @ApiAttributeFilters()
  @ApiOkResponse({ type: StoredProductPageDto, description: 'One page of products' })
  @ApiErrors(validation.cursor, ...QUERY_ERRORS)
  list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: ProductQueryDto,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<StoredProductPageDto> {
    return this.catalog.listProducts(principal.organizationId, query.toCriteria(acceptLanguage), query.limit, query.cursor);
  }

  @Get('facets')
  @RequireScopes('accounts--my:ro')
  @ReadsFromReplica()
  @ApiOperation({
    operationId: 'get-product-facets',
    summary: 'Count products by brand, category, availability and price',
    description:
      'Facet counts over exactly the products GET /v1/catalogs/products returns for the same q, filters and limit (limit decides, ' +
      'as there, whether partial matches are added to a search). Brand, availability and price counts add up to total_count.',
  })
  @ApiHeader({
    name: 'accept-language',
    required: false,
    description: 'The languages q may be written in, when the language parameter is absent (docs/search.md "Languages").',
  })
  @ApiAttributeFilters()
  @ApiOkResponse({ type: ProductFacetsDto, description: 'Facet counts' })
  @ApiErrors(...QUERY_ERRORS)
  facets(
    @CurrentPrincipal() principal: Principal,
    @Query() query: FacetQueryDto,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<ProductFacetsDto> {
    return this.facetCounts.count(principal.organizationId, criteriaOf(query, acceptLanguage), query.limit);
  }

  @Get(':product_id')
  @RequireScopes('accounts--my:ro')
  @ReadsFromReplica()
  @ApiOperation({
    operationId: 'get-product',
    summary: 'Get one product',
    description: 'One product of your catalog by its id, as the latest import that changed it stored it.',
  })
  @ApiParam({ name: 'product_id', description: 'The product id (integer ids are stored as their decimal string)' })
  @ApiOkResponse({ type: StoredProductDto, description: 'The product' })
  @ApiErrors(not_found.product)
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
  @ApiErrors(not_found.product, conflict.importRunning)
  async delete(@CurrentPrincipal() principal: Principal, @Param('product_id') productId: string): Promise<void> {
    await this.deletion.delete(principal.organizationId, productId);
  }
}
