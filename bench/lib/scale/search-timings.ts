import { basicAuth, type Credentials } from '../../../tools/harness/http/credentials';
import { round } from '../report';

/** One request of the table: a label and the query string of GET /v1/catalogs/products. */
export interface SearchKind {
  key: string;
  label: string;
  query: Record<string, string>;
  /** Pages to follow with next_cursor before the timed one (a deep page). */
  skipPages?: number;
  /** Finds nothing on purpose (a word no product has): not flagged as "found nothing". */
  empty?: boolean;
}

/**
 * The timed queries over the bench vocabulary (tools/harness/catalog-vocabulary.ts): ranked searches,
 * then filtered pages without `q` (reported as a range over their filters).
 */
export const RANKED_KINDS: readonly SearchKind[] = [
  { key: 'common_word', label: 'one common word (`sweater`)', query: { q: 'sweater' } },
  { key: 'brand_word', label: 'a brand word (`kestrel`)', query: { q: 'kestrel' } },
  { key: 'two_words', label: 'two words (`merino sweater`)', query: { q: 'merino sweater' } },
  { key: 'phrase', label: 'a phrase (`"crew sweater"`)', query: { q: '"crew sweater"' } },
  { key: 'q_category', label: '`q` + category', query: { q: 'sweater', category: 'Apparel & Accessories' } },
  { key: 'missing_word', label: 'a word no product has (`zeppelin`)', query: { q: 'zeppelin' }, empty: true },
  { key: 'sentence', label: 'a sentence (`warm wool sweater for the winter`)', query: { q: 'warm wool sweater for the winter' } },
  { key: 'common_word_page_10', label: 'one common word, 10th page', query: { q: 'sweater' }, skipPages: 9 },
];

/**
 * The same route's cheapest answer (the first page, no q, no filter), timed in the same run: the
 * table's other rows are read against it, as the machine's load moves every figure.
 */
export const BASELINE_KIND: SearchKind = { key: 'baseline', label: 'baseline: first page, no `q`, no filter', query: {} };

export const FILTER_KINDS: readonly SearchKind[] = [
  { key: 'filter_brand', label: 'brand', query: { brand: 'Kestrel' } },
  { key: 'filter_category', label: 'category', query: { category: 'Home & Garden' } },
  { key: 'filter_availability', label: 'availability', query: { availability: 'preorder' } },
  { key: 'filter_price', label: 'price', query: { currency: 'USD', price_min: '20', price_max: '40' } },
];

export interface Timing {
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
  /** Products on the timed page (a query finding nothing would be fast for the wrong reason). */
  results: number;
}

export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return NaN;
  return sortedMs[Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1)];
}

export class SearchClient {
  private readonly authorization: string;

  constructor(
    private readonly baseUrl: string,
    credentials: Credentials,
  ) {
    this.authorization = basicAuth(credentials);
  }

  /** One GET; throws on a non-200 answer. Returns the page's product count and next cursor. */
  async page(query: Record<string, string>): Promise<{ results: number; next: string | null }> {
    const response = await fetch(`${this.baseUrl}/v1/catalogs/products?${new URLSearchParams(query)}`, {
      headers: { authorization: this.authorization },
    });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`GET /v1/catalogs/products?${new URLSearchParams(query)}: ${response.status} ${text.slice(0, 300)}`);
    const body = JSON.parse(text) as { data?: unknown[]; products?: unknown[]; next_cursor?: string | null };
    return { results: (body.data ?? body.products ?? []).length, next: body.next_cursor ?? null };
  }

  /** The product ids of one page, in order. */
  async ids(query: Record<string, string>): Promise<string[]> {
    return (await this.ranked(query)).ids;
  }

  /** A page's ids and whether the service said its ranking was exact (`ranking_exact`; true when an older build does not say). */
  async ranked(query: Record<string, string>): Promise<{ ids: string[]; rankingExact: boolean }> {
    const response = await fetch(`${this.baseUrl}/v1/catalogs/products?${new URLSearchParams(query)}`, {
      headers: { authorization: this.authorization },
    });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`GET /v1/catalogs/products?${new URLSearchParams(query)}: ${response.status} ${text.slice(0, 300)}`);
    const body = JSON.parse(text) as { data: Array<{ id: string }>; ranking_exact?: boolean };
    return { ids: body.data.map((p) => p.id), rankingExact: body.ranking_exact !== false };
  }

  /** The query of the kind's timed request: the deep page's cursor followed first (untimed). */
  async resolve(kind: SearchKind): Promise<Record<string, string> | null> {
    let query = { ...kind.query };
    for (let page = 0; page < (kind.skipPages ?? 0); page++) {
      const { next } = await this.page(query);
      if (!next) return null;
      query = { ...kind.query, cursor: next };
    }
    return query;
  }

  /** `samples` requests one at a time after `warmup` untimed ones. */
  async time(kind: SearchKind, samples: number, warmup: number): Promise<Timing | null> {
    const query = await this.resolve(kind);
    if (!query) return null;
    for (let i = 0; i < warmup; i++) await this.page(query);
    const durations: number[] = [];
    let results = 0;
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      results = (await this.page(query)).results;
      durations.push(performance.now() - started);
    }
    durations.sort((a, b) => a - b);
    return {
      p50_ms: round(percentile(durations, 50), 1),
      p95_ms: round(percentile(durations, 95), 1),
      max_ms: round(durations[durations.length - 1], 1),
      results,
    };
  }
}

export interface LoadLine {
  clients: number;
  duration_s: number;
  requests: number;
  requests_per_s: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
  errors: number;
  first_error: string | null;
}

/**
 * `clients` loops, each on one of the organizations in turn (client i on organization i mod n),
 * each sending the mix of every kind one request at a time for `durationS` seconds.
 */
export async function concurrentLoad(
  clients: SearchClient[],
  kinds: readonly SearchKind[],
  concurrency: number,
  durationS: number,
): Promise<LoadLine> {
  const queries = await Promise.all(
    clients.map(async (client) => (await Promise.all(kinds.map((k) => client.resolve(k)))).filter((q) => q !== null)),
  );
  const durations: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  const deadline = started + durationS * 1000;
  const loop = async (n: number) => {
    const client = clients[n % clients.length];
    const mix = queries[n % clients.length];
    for (let i = n; performance.now() < deadline; i++) {
      const t = performance.now();
      try {
        await client.page(mix[i % mix.length]);
        durations.push(performance.now() - t);
      } catch (error) {
        errors++;
        firstError ??= (error as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, n) => loop(n)));
  const elapsedS = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  return {
    clients: concurrency,
    duration_s: round(elapsedS, 1),
    requests: durations.length,
    requests_per_s: round(durations.length / elapsedS, 1),
    p50_ms: round(percentile(durations, 50), 1),
    p95_ms: round(percentile(durations, 95), 1),
    p99_ms: round(percentile(durations, 99), 1),
    max_ms: round(durations[durations.length - 1] ?? NaN, 1),
    errors,
    first_error: firstError,
  };
}
