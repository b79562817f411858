import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { z } from 'zod';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator';
import { RequireScopes } from '../auth/decorators/require-scopes.decorator';
import type { Principal } from '../auth/principal';
import { ValidationError } from '../common/errors/api-error';
import { readJsonBody } from '../common/http/json-body';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { API_TAGS } from '../openapi/api-tags';
import { ERROR_EXAMPLES, type ErrorExample } from '../openapi/error-examples';
import type { UcpGetProductResponse, UcpLookupResponse, UcpSearchResponse } from './mapping/ucp-types';
import { UcpCatalogService } from './ucp-catalog.service';
import { UCP_ERRORS } from './ucp-error-examples';
import { describeIssues, getProductRequestSchema, lookupRequestSchema, MAX_REQUEST_BODY_BYTES, searchRequestSchema } from './ucp-requests';
import { ReadsFromReplica } from '../reads/reads-from-replica.decorator';

const SCHEMA_BASE = 'https://ucp.dev/schemas/shopping';
const { bad_request, unsupported_media_type } = ERROR_EXAMPLES;
const { payload_too_large } = UCP_ERRORS;
const validation = { ...ERROR_EXAMPLES.validation, ...UCP_ERRORS.validation };
/** What reading any UCP body can answer before its own validation. */
const BODY_ERRORS: ErrorExample[] = [
  unsupported_media_type.notJson,
  payload_too_large.ucpBody,
  bad_request.invalidJson,
  validation.jsonObject,
  validation.ucpFilter,
];

/**
 * The UCP Catalog REST binding (2026-04-08) at {base_url}/ucp/catalog/…: request and response
 * bodies are the UCP objects (documented by the UCP JSON Schemas, linked here rather than
 * re-declared as DTOs). Bodies are parsed with the same zod schemas as the MCP tools.
 */
@ApiTags(API_TAGS.ucp.name)
@Controller('ucp/catalog')
export class UcpCatalogController {
  constructor(private readonly catalog: UcpCatalogService) {}

  @Post('search')
  @HttpCode(200)
  @RequireScopes('accounts--my:ro')
  @ReadsFromReplica()
  @ApiOperation({
    operationId: 'ucp-search-catalog',
    summary: 'UCP catalog search',
    description:
      `${ucpDescription('catalog_search.json#/$defs/search_request', 'search_response')} Collapsed by variant group, always: products ` +
      "sharing a group_id are one product whose variants are the group's products matching the query and filters, best match first " +
      '(its id is the product id; every variant id is a product id, for lookups and checkout line items), with metadata.sibling_count; ' +
      'pagination.total_count counts these products (docs/search.md "Variants").',
  })
  @ApiBody({
    schema: { type: 'object', description: `${SCHEMA_BASE}/catalog_search.json#/$defs/search_request`, additionalProperties: true },
  })
  @ApiOkResponse({
    description: 'One page of matching products',
    schema: { type: 'object', description: `${SCHEMA_BASE}/catalog_search.json#/$defs/search_response` },
  })
  @ApiErrors(...BODY_ERRORS, validation.ucpSearch, validation.cursor)
  async search(@CurrentPrincipal() principal: Principal, @Req() request: Request): Promise<UcpSearchResponse> {
    return this.catalog.search(principal.organizationId, await parseBody(request, searchRequestSchema), request.headers['accept-language']);
  }

  @Post('lookup')
  @HttpCode(200)
  @RequireScopes('accounts--my:ro')
  @ReadsFromReplica()
  @ApiOperation({
    operationId: 'ucp-lookup-catalog',
    summary: 'UCP catalog lookup by ids',
    description: ucpDescription('catalog_lookup.json#/$defs/lookup_request', 'lookup_response'),
  })
  @ApiBody({
    schema: { type: 'object', description: `${SCHEMA_BASE}/catalog_lookup.json#/$defs/lookup_request`, additionalProperties: true },
  })
  @ApiOkResponse({
    description: 'The products found for the ids',
    schema: { type: 'object', description: `${SCHEMA_BASE}/catalog_lookup.json#/$defs/lookup_response` },
  })
  @ApiErrors(...BODY_ERRORS, validation.ucpLookupIds)
  async lookup(@CurrentPrincipal() principal: Principal, @Req() request: Request): Promise<UcpLookupResponse> {
    return this.catalog.lookup(principal.organizationId, await parseBody(request, lookupRequestSchema));
  }

  @Post('product')
  @HttpCode(200)
  @RequireScopes('accounts--my:ro')
  @ReadsFromReplica()
  @ApiOperation({
    operationId: 'ucp-get-product',
    summary: 'UCP product detail',
    description: `${ucpDescription('catalog_lookup.json#/$defs/get_product_request', 'get_product_response')} An unknown id is a 200 with ucp.status "error" and a not_found message (a UCP business outcome).`,
  })
  @ApiBody({
    schema: { type: 'object', description: `${SCHEMA_BASE}/catalog_lookup.json#/$defs/get_product_request`, additionalProperties: true },
  })
  @ApiOkResponse({
    description: 'The product, or ucp.status "error" when the id is unknown',
    schema: { type: 'object', description: `${SCHEMA_BASE}/catalog_lookup.json#/$defs/get_product_response` },
  })
  @ApiErrors(...BODY_ERRORS, validation.ucpProductId)
  async product(@CurrentPrincipal() principal: Principal, @Req() request: Request): Promise<UcpGetProductResponse> {
    return this.catalog.getProduct(principal.organizationId, await parseBody(request, getProductRequestSchema));
  }
}

function ucpDescription(requestRef: string, response: string): string {
  return `UCP 2026-04-08 REST binding. Body: ${SCHEMA_BASE}/${requestRef}; response: #/$defs/${response}. Prices in minor units.`;
}

async function parseBody<T>(request: Request, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(await readJsonBody(request, MAX_REQUEST_BODY_BYTES));
  if (!parsed.success) throw new ValidationError(describeIssues(parsed.error));
  return parsed.data;
}
