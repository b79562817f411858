/** Route families the figures are given per. */
export type Family =
  | 'upload'
  | 'upload-slow'
  | 'status'
  | 'report'
  | 'cancel'
  | 'delete'
  | 'product-page'
  | 'product-get'
  | 'search-rest'
  | 'ucp'
  | 'mcp'
  | 'catalog'
  | 'imports-list'
  | 'webhook-setup';

/** One request as the client saw it. */
export interface Exchange {
  family: Family;
  api: number;
  /** ms since the run started, when the request was sent. */
  at: number;
  ms: number;
  /** 0 = no answer (connection refused/dropped, timeout). */
  status: number;
  type: string | null;
  retryAfter: boolean;
  /** The client expected this status for this request. */
  expected: boolean;
  detail: string;
}

export interface FaultWindow {
  kind: string;
  /** The API slot a kill targeted (no-answers from it are expected then). */
  api?: number;
  start: number;
  end: number;
}

/** Requests after a fault's recovery still see its effects for a moment (reconnects, retries). */
export const WINDOW_GRACE_MS = 5_000;

export class TrafficLog {
  readonly exchanges: Exchange[] = [];
  readonly windows: FaultWindow[] = [];

  record(exchange: Exchange): void {
    this.exchanges.push(exchange);
  }

  /** The fault windows a request overlaps (each widened by the grace after its end). */
  windowsOf(e: Pick<Exchange, 'at' | 'ms'>): FaultWindow[] {
    return this.windows.filter((w) => e.at <= w.end + WINDOW_GRACE_MS && e.at + e.ms >= w.start);
  }

  insideFault(e: Pick<Exchange, 'at' | 'ms'>): boolean {
    return this.windowsOf(e).length > 0;
  }

  /** Answers the contract does not allow (docs/api-contract.md: only 503 unavailable with Retry-After, only in a fault window). */
  violations(): string[] {
    const out = new Map<string, { count: number; example: string }>();
    const note = (key: string, e: Exchange) => {
      const seen = out.get(key) ?? { count: 0, example: `${e.family} api${e.api} at ${(e.at / 1000).toFixed(1)} s: ${e.detail}` };
      seen.count++;
      out.set(key, seen);
    };
    for (const e of this.exchanges) {
      if (e.expected) continue;
      const windows = this.windowsOf(e);
      if (e.status === 0) {
        if (!windows.some((w) => w.kind === 'api-kill' && w.api === e.api)) note(`${e.family}: no answer outside an API kill`, e);
      } else if (e.status >= 500) {
        if (windows.length === 0) note(`${e.family}: ${e.status} ${e.type} outside any fault window`, e);
        else if (e.status !== 503 || e.type !== 'unavailable' || !e.retryAfter)
          note(`${e.family}: ${e.status} ${e.type} retry-after=${e.retryAfter}`, e);
      } else {
        note(`${e.family}: unexpected ${e.status} ${e.type}`, e);
      }
    }
    return [...out].map(([key, { count, example }]) => `${key} ×${count} (e.g. ${example})`);
  }

  /** p50/p99/count of answered requests per family in [from, to), outside fault windows. */
  latency(from = 0, to = Infinity): Map<Family, { count: number; p50: number; p99: number }> {
    const samples = new Map<Family, number[]>();
    for (const e of this.exchanges) {
      if (e.at < from || e.at >= to || e.status === 0 || this.insideFault(e)) continue;
      const list = samples.get(e.family) ?? [];
      list.push(e.ms);
      samples.set(e.family, list);
    }
    const out = new Map<Family, { count: number; p50: number; p99: number }>();
    for (const [family, list] of samples) {
      list.sort((a, b) => a - b);
      out.set(family, { count: list.length, p50: percentile(list, 0.5), p99: percentile(list, 0.99) });
    }
    return out;
  }

  /** Requests per second sent in [from, to). */
  rate(from: number, to: number): number {
    const n = this.exchanges.filter((e) => e.at >= from && e.at < to).length;
    return to > from ? (n * 1000) / (to - from) : 0;
  }
}

export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}
