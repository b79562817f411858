import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator';
import { RequireScopes } from '../auth/decorators/require-scopes.decorator';
import type { Principal } from '../auth/principal';
import { API_TAGS } from '../openapi/api-tags';
import { CatalogDetailsDto } from './dto/catalog-details.dto';
import { CatalogDetailsService } from './catalog-details.service';

/** GET /v1/catalogs: the catalog with its latest import job (CatalogDetailsModule says from where). */
@ApiTags(API_TAGS.catalog.name)
@Controller('v1/catalogs')
export class CatalogsController {
  constructor(private readonly details: CatalogDetailsService) {}

  @Get()
  @RequireScopes('accounts--my:ro')
  @ApiOperation({
    operationId: 'get-catalog',
    summary: 'Catalog details',
    description:
      'Product count, latest import and last change of your catalog, read in constant time (the same as MCP catalog_overview). ' +
      'The product count is exact at every commit, so it counts an import the moment its job reads `done`; the last change is ' +
      'recomputed within seconds of a finished import or a product delete; the latest import is live.',
  })
  @ApiOkResponse({ type: CatalogDetailsDto, description: 'The catalog of your organization' })
  get(@CurrentPrincipal() principal: Principal): Promise<CatalogDetailsDto> {
    return this.details.get(principal.organizationId);
  }
}
