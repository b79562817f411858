import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ProductCriteria } from '../../catalog/criteria/product-criteria';
import type { ProductFacetsService } from '../../catalog/query/product-facets.service';
import { DEFAULT_PAGE_LIMIT, searchRequestSchema } from '../../ucp/ucp-requests';
import { toCriteria } from '../../ucp/ucp-catalog.service';
import { catalogFacets } from './output-schemas';
import { toolResult } from './tool-result';

/**
 * catalog_facets: what a search_catalog request (same query and filters) would find, counted by
 * brand, category level, availability and price per currency. UCP has no facets, so this tool is
 * the service's own; prices are major-unit decimal strings here, as in the REST facets.
 */
export function registerFacetTools(server: McpServer, facets: ProductFacetsService, organizationId: string): void {
  server.registerTool(
    'catalog_facets',
    {
      title: 'Count matching products by brand, category, availability and price',
      description:
        'Takes the catalog object of search_catalog (query, match, filters, context.currency and language, pagination.limit) and answers total_count and facet ' +
        'counts over the products that search returns (one per variant group, as search_catalog collapses them): brands, categories ' +
        'per level, availability, price min/max per currency. ' +
        'Use it to offer an agent the values to narrow a search by.',
      inputSchema: z.object({ catalog: searchRequestSchema }),
      outputSchema: catalogFacets,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ catalog: request }) =>
      toolResult(async () => {
        const asked: ProductCriteria = {
          ...toCriteria(request.filters, request.context?.currency),
          q: request.query,
          pricedOnly: true,
          collapseVariants: true,
          ...(request.match === 'all' && { matchAll: true }),
          ...(request.context?.language && { languages: [request.context.language] }),
        };
        // context.intent narrows as it narrows search_catalog, so the counts stay those of that search.
        const { criteria } = await facets.withIntent(organizationId, asked, request.context?.intent);
        return facets.count(organizationId, criteria, request.pagination?.limit ?? DEFAULT_PAGE_LIMIT);
      }),
  );
}
