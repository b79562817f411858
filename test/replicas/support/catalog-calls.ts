import type { Tenant } from './replica-stack';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface CatalogProduct {
  id: string;
  title: string;
  price: { amount: number; currency: string };
}

const UCP_META = { 'ucp-agent': { profile: 'https://agent.example/profiles/replicas.json' } };

/** The public HTTP calls the suite makes, each on the API of `baseUrl` as `tenant`. */
export class CatalogCalls {
  constructor(private readonly baseUrl: string) {}

  async call(tenant: Tenant, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { authorization: tenant.auth };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (path === '/mcp') headers.accept = 'application/json, text/event-stream';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { text };
    }
    return { status: response.status, body: parsed };
  }

  search(tenant: Tenant, q: string): Promise<Answer> {
    return this.call(tenant, 'GET', `/v1/catalogs/products?q=${encodeURIComponent(q)}&limit=20`);
  }

  facets(tenant: Tenant, q: string): Promise<Answer> {
    return this.call(tenant, 'GET', `/v1/catalogs/products/facets?q=${encodeURIComponent(q)}`);
  }

  product(tenant: Tenant, id: string): Promise<Answer> {
    return this.call(tenant, 'GET', `/v1/catalogs/products/${encodeURIComponent(id)}`);
  }

  ucpSearch(tenant: Tenant, query: string): Promise<Answer> {
    return this.call(tenant, 'POST', '/ucp/catalog/search', { query, pagination: { limit: 10 } });
  }

  mcpSearch(tenant: Tenant, query: string): Promise<Answer> {
    return this.call(tenant, 'POST', '/mcp', {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_catalog', arguments: { meta: UCP_META, catalog: { query } } },
    });
  }

  jobStatus(tenant: Tenant, jobId: string): Promise<Answer> {
    return this.call(tenant, 'GET', `/v1/catalogs/imports/${jobId}`);
  }

  /** POST /v1/catalogs/imports; returns the job id of the 202. */
  async upload(tenant: Tenant, products: CatalogProduct[], mode: 'merge' | 'replace' = 'merge'): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([JSON.stringify(products)], { type: 'application/json' }), 'catalog.json');
    const response = await fetch(`${this.baseUrl}/v1/catalogs/imports?mode=${mode}`, {
      method: 'POST',
      headers: { authorization: tenant.auth },
      body: form,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (response.status !== 202) throw new Error(`upload answered ${response.status}: ${text}`);
    return (JSON.parse(text) as { job_id: string }).job_id;
  }

  /** Polls the job (on the primary) until it is done or failed. */
  async waitForJob(tenant: Tenant, jobId: string, timeoutMs = 60_000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const answer = await this.jobStatus(tenant, jobId);
      if (answer.status !== 200) throw new Error(`job ${jobId} status answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      if (answer.body.status === 'done' || answer.body.status === 'failed') return answer.body;
      if (Date.now() > deadline) throw new Error(`job ${jobId} still ${String(answer.body.status)} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Ids of a list or search answer. */
export function ids(answer: Answer): string[] {
  return ((answer.body.data ?? []) as Array<{ id: string }>).map((product) => product.id);
}

/** `count` products `<prefix>-<i>` titled `<word> widget <i>`. */
export function catalog(prefix: string, word: string, count: number): CatalogProduct[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${i}`,
    title: `${word} widget ${i}`,
    price: { amount: 10 + i, currency: 'EUR' },
  }));
}
