import type { SearchCase } from './search-queries';
import { round } from './report';

export interface TimedCase {
  label: string;
  path: string;
  /** Products (or total_count for facets) the request answered with: 0 shows a query that finds nothing. */
  results: number;
  samples_ms: number[];
}

export interface LatencySummary {
  requests: number;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
}

/** Nearest-rank percentile of unsorted samples. */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function summarise(samples: readonly number[]): LatencySummary {
  return {
    requests: samples.length,
    p50_ms: round(percentile(samples, 50), 2),
    p95_ms: round(percentile(samples, 95), 2),
    max_ms: round(Math.max(...samples), 2),
  };
}

/**
 * Sends one request at a time (keep-alive, as an agent's HTTP client would) and times each until
 * its whole body has arrived: `warmup` unmeasured, then `requests` measured. A non-2xx answer fails
 * the run: a fast error is not a fast search.
 */
export class SequentialTimer {
  constructor(
    private readonly baseUrl: string,
    private readonly authorization: string | null,
  ) {}

  async time(c: SearchCase, warmup: number, requests: number): Promise<TimedCase> {
    const path = c.pages && c.pages > 1 ? await this.followCursor(c.path, c.pages) : c.path;
    let results = 0;
    for (let i = 0; i < warmup; i++) results = countResults(await this.send(c.method, path, c.body));
    const samples_ms: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      const body = await this.send(c.method, path, c.body);
      samples_ms.push(performance.now() - started);
      results = countResults(body);
    }
    return { label: c.label, path, results, samples_ms };
  }

  /** The path of page `page`, reached through next_cursor from page 1. */
  private async followCursor(path: string, page: number): Promise<string> {
    let current = path;
    for (let p = 1; p < page; p++) {
      const body = (await this.send('GET', current)) as { next_cursor?: string | null };
      if (!body.next_cursor) throw new Error(`${path}: no page ${p + 1} (the query matches too few products for page ${page})`);
      current = `${path}&cursor=${encodeURIComponent(body.next_cursor)}`;
    }
    return current;
  }

  private async send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = {};
    if (this.authorization) headers.authorization = this.authorization;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  }
}

function countResults(body: unknown): number {
  const b = body as { data?: unknown[]; products?: unknown[]; total_count?: number } | null;
  if (Array.isArray(b?.data)) return b.data.length;
  if (Array.isArray(b?.products)) return b.products.length;
  return typeof b?.total_count === 'number' ? b.total_count : 0;
}
