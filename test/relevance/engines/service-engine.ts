import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import request from 'supertest';
import type { App } from 'supertest/types';
import { UCP_META } from '../../support/ucp-catalog';
import { PAGE, type SearchEngine } from './search-engine';

/**
 * The service through GET /v1/catalogs/products?q=…&limit=10 (with collapse_variants=true when
 * asked), as an organization's token sees it: ids, the entries as returned and the interpretation.
 * With a `language` (the question's, else `defaultLanguage`) it is sent as the `language` parameter.
 */
export function restEngine(http: App, auth: string, defaultLanguage?: string): SearchEngine {
  return {
    name: 'service',
    search: async (q, options) => {
      const language = options?.language ?? defaultLanguage;
      const response = await request(http)
        .get('/v1/catalogs/products')
        .query({ q, limit: PAGE, ...(options?.collapseVariants && { collapse_variants: 'true' }), ...(language && { language }) })
        .set('Authorization', auth);
      if (response.status !== 200) throw new Error(`GET /v1/catalogs/products?q=${q} answered ${response.status}: ${response.text}`);
      const body = response.body as { data: Array<Record<string, unknown> & { id: string }>; interpretation?: unknown };
      return { ids: body.data.map((p) => p.id), entries: body.data, interpretation: body.interpretation };
    },
  };
}

/**
 * The same query through POST /ucp/catalog/search (UCP REST binding; one product per group by
 * default): the ids, the interpretation field and the info messages.
 */
export async function ucpSearch(
  http: App,
  auth: string,
  q: string,
): Promise<{ ids: string[]; interpretation?: unknown; infoMessages: number }> {
  const response = await request(http)
    .post('/ucp/catalog/search')
    .set('Authorization', auth)
    .send({ query: q, pagination: { limit: PAGE } });
  if (response.status !== 200) throw new Error(`POST /ucp/catalog/search "${q}" answered ${response.status}: ${response.text}`);
  const body = response.body as { products: Array<{ id: string }>; interpretation?: unknown; messages?: Array<{ type: string }> };
  return {
    ids: body.products.map((p) => p.id),
    interpretation: body.interpretation,
    infoMessages: (body.messages ?? []).filter((m) => m.type === 'info').length,
  };
}

/** The same query through the MCP tool search_catalog: the ids and the structured result's interpretation. */
export async function mcpSearch(client: Client, q: string): Promise<{ ids: string[]; interpretation?: unknown }> {
  const result = (await client.callTool({
    name: 'search_catalog',
    arguments: { meta: UCP_META, catalog: { query: q, pagination: { limit: PAGE } } },
  })) as CallToolResult;
  if (result.isError) throw new Error(`search_catalog "${q}" failed: ${JSON.stringify(result.content)}`);
  const content = result.structuredContent as { products: Array<{ id: string }>; interpretation?: unknown };
  return { ids: content.products.map((p) => p.id), interpretation: content.interpretation };
}
