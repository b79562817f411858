import { int, pick } from '../../faults/support/catalog';
import { isFailure } from '../../../tools/harness/http/request';
import { sleep } from '../../../tools/harness/repo';
import type { SoakHttp } from './soak-http';
import type { Tenant } from './tenant';
import type { Family, TrafficLog } from './traffic-log';

const UCP_META = { 'ucp-agent': { profile: 'https://agent.example/profiles/soak.json' } };
const JSON_HEADERS = { 'content-type': 'application/json' };

export interface ToolError {
  at: number;
  ms: number;
  text: string;
}

/** Tool errors the contract allows: "unavailable" while a fault lasts (the MCP form of a 503). */
export function toolErrorProblems(errors: ToolError[], log: TrafficLog): string[] {
  return errors
    .filter((e) => !(/unavailable/i.test(e.text) && log.insideFault(e)))
    .map((e) => `MCP search_catalog at ${(e.at / 1000).toFixed(1)} s answered ${e.text}`);
}

type Read = { family: Family; method: 'GET' | 'POST'; path: string; body?: unknown; expected: number[] };

/** One read an agent or a shop front would make: product pages, lookups and searches over REST, UCP and MCP. */
function nextRead(tenant: Tenant, rand: () => number): Read {
  const c = tenant.catalog;
  const word = c.word();
  switch (int(rand, 0, 9)) {
    case 0:
    case 1:
      return { family: 'product-page', method: 'GET', path: `/v1/catalogs/products?limit=${pick(rand, [20, 50, 100])}`, expected: [200] };
    case 2:
      return {
        family: 'product-get',
        method: 'GET',
        path: `/v1/catalogs/products/${encodeURIComponent(c.sampleIds(1)[0] ?? 'none')}`,
        expected: [200, 404],
      };
    case 3:
      return { family: 'search-rest', method: 'GET', path: `/v1/catalogs/products?q=${word}&limit=10`, expected: [200] };
    case 4:
      return {
        family: 'search-rest',
        method: 'GET',
        path: `/v1/catalogs/products?brand=${c.brand()}&availability=in_stock&limit=10`,
        expected: [200],
      };
    case 5:
      return {
        family: 'ucp',
        method: 'POST',
        path: '/ucp/catalog/search',
        body: { query: word, pagination: { limit: 10 } },
        expected: [200],
      };
    case 6:
      return { family: 'ucp', method: 'POST', path: '/ucp/catalog/lookup', body: { ids: c.sampleIds(3) }, expected: [200] };
    case 7:
      return {
        family: 'mcp',
        method: 'POST',
        path: '/mcp',
        body: {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'search_catalog', arguments: { meta: UCP_META, catalog: { query: word, pagination: { limit: 10 } } } },
        },
        expected: [200],
      };
    case 8:
      return { family: 'catalog', method: 'GET', path: '/v1/catalogs', expected: [200] };
    default:
      return { family: 'imports-list', method: 'GET', path: '/v1/catalogs/imports?limit=5', expected: [200] };
  }
}

/** Read traffic until `stopping()`: each loop one request at a time, `pauseMs` apart, on a random tenant and API. */
export async function readLoop(
  tenants: Tenant[],
  http: SoakHttp,
  rand: () => number,
  stopping: () => boolean,
  pauseMs: number,
  /** MCP answers with isError or a JSON-RPC error (an HTTP 200): judged against the fault windows at the end. */
  toolErrors: ToolError[],
): Promise<void> {
  while (!stopping()) {
    const tenant = pick(rand, tenants);
    const read = nextRead(tenant, rand);
    const headers: Record<string, string> = { authorization: tenant.caller.auth, ...(read.body ? JSON_HEADERS : {}) };
    if (read.family === 'mcp') headers.accept = 'application/json, text/event-stream';
    const at = http.clock();
    const answer = await http.send(read.family, {
      api: rand() < 0.5 ? 0 : 1,
      method: read.method,
      path: read.path,
      headers,
      body: read.body ? Buffer.from(JSON.stringify(read.body)) : undefined,
      expected: read.expected,
    });
    if (read.family === 'mcp' && !isFailure(answer) && answer.status === 200) {
      const result = (answer.json as { result?: { isError?: boolean }; error?: unknown } | undefined) ?? {};
      if (result.error || !result.result || result.result.isError)
        toolErrors.push({ at, ms: http.clock() - at, text: answer.text.slice(0, 300) });
    }
    await sleep(pauseMs);
  }
}
