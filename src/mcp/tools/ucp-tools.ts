import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { UcpCatalogService } from '../../ucp/ucp-catalog.service';
import { getProductRequestSchema, lookupRequestSchema, searchRequestSchema } from '../../ucp/ucp-requests';
import { getProductOutput, lookupOutput, searchOutput } from './output-schemas';
import { toolResult } from './tool-result';

/** UCP MCP binding: `meta["ucp-agent"]` is required on every request (the profile is not fetched here). */
const meta = z.looseObject({
  'ucp-agent': z.looseObject({ profile: z.string().min(1).describe("URI of the calling platform's UCP profile") }),
});

const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

/** search_catalog, lookup_catalog and get_product exactly as the UCP 2026-04-08 MCP binding names and shapes them. */
export function registerUcpTools(server: McpServer, catalog: UcpCatalogService, organizationId: string): void {
  server.registerTool(
    'search_catalog',
    {
      title: 'Search the catalog (UCP)',
      description:
        'UCP dev.ucp.shopping.catalog.search: free-text query and/or filters (categories, price in minor units of context.currency, brand, availability), ' +
        'cursor pagination (default 10, at most 100 per page). Returns UCP products; prices are integers in the currency minor unit. ' +
        'Products sharing a group_id (sizes, colours) are one product whose variants are the matching ones, best first; every ' +
        'variant id is a product id (for lookup_catalog and checkout line items); metadata.sibling_count counts the other matches. ' +
        'Each product says how it matched the query in `_match` (all_words, the words it lacks in missing, where each word is); ' +
        'match "all" returns only products having every word. context.language (BCP 47) says which language the query is in; it is also ' +
        "read in the catalog's languages.",
      inputSchema: z.object({ meta, catalog: searchRequestSchema }),
      outputSchema: searchOutput,
      annotations: READ_ONLY,
    },
    ({ catalog: request }) => toolResult(() => catalog.search(organizationId, request)),
  );

  server.registerTool(
    'lookup_catalog',
    {
      title: 'Look up products by id (UCP)',
      description:
        'UCP dev.ucp.shopping.catalog.lookup: 1-100 product ids (a product id is also its variant id). Ids not found are reported as info messages with code not_found.',
      inputSchema: z.object({ meta, catalog: lookupRequestSchema }),
      outputSchema: lookupOutput,
      annotations: READ_ONLY,
    },
    ({ catalog: request }) => toolResult(() => catalog.lookup(organizationId, request)),
  );

  server.registerTool(
    'get_product',
    {
      title: 'Get one product (UCP)',
      description: 'UCP get_product: full detail of one product by id. An unknown id answers ucp.status "error" with a not_found message.',
      inputSchema: z.object({ meta, catalog: getProductRequestSchema }),
      outputSchema: getProductOutput,
      annotations: READ_ONLY,
    },
    ({ catalog: request }) => toolResult(() => catalog.getProduct(organizationId, request)),
  );
}
