import type { App } from 'supertest/types';
import request from 'supertest';

/** POST /mcp with one JSON-RPC tools/call, as an MCP client sends it over Streamable HTTP. */
export function callMcpTool(http: App, authorization: string, name: string, args: Record<string, unknown>): request.Test {
  return request(http)
    .post('/mcp')
    .set({ Authorization: authorization, Accept: 'application/json, text/event-stream', 'Content-Type': 'application/json' })
    .send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
}
