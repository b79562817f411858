import autocannon from 'autocannon';
import { round } from './report';

export interface LoadResult {
  url_path: string;
  connections: number;
  duration_s: number;
  requests_total: number;
  requests_per_s: number;
  latency_p50_ms: number;
  latency_p90_ms: number;
  latency_p99_ms: number;
  latency_mean_ms: number;
  latency_max_ms: number;
  non_2xx: number;
  errors: number;
  timeouts: number;
  status_codes: Record<string, number>;
}

/**
 * One autocannon run (GET, or POST with a fixed body), summarised. With `paths`, each connection
 * sends GETs to them in turn (e.g. several product ids, so no single row stays hot); `urlPath`
 * then only names the run.
 */
export async function runLoad(
  baseUrl: string,
  urlPath: string,
  options: {
    connections: number;
    durationS: number;
    headers?: Record<string, string>;
    pipelining?: number;
    body?: string;
    paths?: string[];
  },
): Promise<LoadResult> {
  const result = await autocannon({
    url: `${baseUrl}${options.paths?.[0] ?? urlPath}`,
    method: options.body === undefined ? 'GET' : 'POST',
    body: options.body,
    connections: options.connections,
    duration: options.durationS,
    pipelining: options.pipelining ?? 1,
    headers: options.headers,
    requests: options.paths?.map((p) => ({ method: 'GET' as const, path: p })),
  });
  const codes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, (stat as { count: number }).count]),
  );
  return {
    url_path: urlPath.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, '{job_id}'),
    connections: options.connections,
    duration_s: options.durationS,
    requests_total: result.requests.total,
    requests_per_s: round(result.requests.average, 1),
    latency_p50_ms: result.latency.p50,
    latency_p90_ms: result.latency.p90,
    latency_p99_ms: result.latency.p99,
    latency_mean_ms: round(result.latency.average, 2),
    latency_max_ms: result.latency.max,
    non_2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    status_codes: codes,
  };
}
