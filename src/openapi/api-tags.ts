/**
 * The document's tags, with the descriptions Swagger UI shows above each group. A controller uses
 * `@ApiTags(API_TAGS.x.name)`; a tag missing here fails `npm run lint:openapi` (operation-tag-defined).
 */
export const API_TAGS = {
  imports: {
    name: 'imports',
    description:
      'Upload a catalog file, then follow its import job: status and counters, and why products failed. ' +
      'An upload is processed in the background; 202 only means it was stored and queued.',
  },
  catalog: {
    name: 'catalog',
    description: 'Read back what the imports stored: catalog details, products by id, listing and full-text search.',
  },
  webhooks: {
    name: 'webhooks',
    description:
      'Be told when an import job ends instead of polling: a signed WebhookEvent is POSTed to your URL, at least once, ' +
      'with retries for up to 24 h.',
  },
  ucp: {
    name: 'ucp',
    description:
      'The catalog through the Universal Commerce Protocol (UCP 2026-04-08) REST binding: search, lookup by ids and product ' +
      'detail with UCP request and response objects. The same operations are MCP tools at {base_url}/mcp.',
  },
} as const satisfies Record<string, { name: string; description: string }>;
