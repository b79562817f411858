/**
 * The MCP tools that read catalog data only, so may run on a streaming replica (like the REST and
 * UCP routes marked ReadsFromReplica). The service tools (catalog overview, import status, lists
 * and errors of imports) read jobs and stay on the primary.
 */
export const REPLICA_TOOLS: ReadonlySet<string> = new Set(['search_catalog', 'lookup_catalog', 'get_product', 'catalog_facets']);

/** The tool a tools/call message names, if any. */
export function calledTool(message: object): string | undefined {
  const name = ('params' in message ? (message.params as { name?: unknown } | undefined) : undefined)?.name;
  return typeof name === 'string' ? name : undefined;
}
