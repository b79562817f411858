import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Principal } from '../auth/principal';
import { ImportJobsService } from '../imports/import-jobs.service';
import { UcpCatalogService } from '../ucp/ucp-catalog.service';
import { CatalogOverviewService } from './catalog-overview.service';
import { ProductFacetsService } from '../catalog/query/product-facets.service';
import { registerFacetTools } from './tools/facet-tools';
import { registerServiceTools } from './tools/service-tools';
import { registerUcpTools } from './tools/ucp-tools';

const SERVER_INFO = { name: 'product-directory', version: '1.0.0' };
const INSTRUCTIONS =
  'Product catalog of one organization. search_catalog / lookup_catalog / get_product speak the Universal Commerce Protocol ' +
  '(UCP 2026-04-08) Catalog capability: put {"ucp-agent": {"profile": "<your profile URI>"}} in arguments.meta and the UCP request in ' +
  'arguments.catalog; prices are integers in the minor unit of their currency. catalog_facets counts what a search_catalog ' +
  'request would find by brand, category, availability and price. catalog_overview, list_imports, get_import_status and ' +
  'list_import_errors report the catalog and its imports.';

/** One McpServer per request (stateless transport): its tools are bound to the caller's organization. */
@Injectable()
export class McpServerFactory {
  constructor(
    private readonly catalog: UcpCatalogService,
    private readonly overview: CatalogOverviewService,
    private readonly jobs: ImportJobsService,
    private readonly facets: ProductFacetsService,
  ) {}

  create(principal: Principal): McpServer {
    const server = new McpServer(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
    registerUcpTools(server, this.catalog, principal.organizationId);
    registerFacetTools(server, this.facets, principal.organizationId);
    registerServiceTools(server, { overview: this.overview, jobs: this.jobs }, principal.organizationId);
    return server;
  }
}
