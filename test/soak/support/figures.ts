import type { Sample } from './monitor';
import { percentile, type Family, type TrafficLog } from './traffic-log';

const MiB = 1024 * 1024;
export const SHOWN_FAMILIES: Family[] = [
  'status',
  'upload',
  'product-page',
  'product-get',
  'search-rest',
  'ucp',
  'mcp',
  'delete',
  'cancel',
];

/** The figures of one stretch of the run. */
export interface IntervalFigures {
  from: number;
  to: number;
  requestsPerSecond: number;
  /** Per family, outside fault windows: p50/p99 in ms and the count. */
  latency: Record<string, { count: number; p50: number; p99: number }>;
  /** Median RSS in MiB of each slot in this stretch. */
  rssMiB: Record<string, number>;
  dbMiB: number;
  pendingJobs: number;
  searchBacklog: number;
  connectionsMax: number;
  redisMiB: number;
  /** Longest stall of the harness's own event loop (it inflates the latencies it measures). */
  harnessLagMaxMs: number;
  /** Mean 1-minute load average of the machine (2 cores). */
  loadAverage: number;
  faults: string[];
}

export function intervalFigures(log: TrafficLog, samples: Sample[], from: number, to: number): IntervalFigures {
  const inside = samples.filter((s) => s.at >= from && s.at < to);
  const last = inside[inside.length - 1] ?? samples[samples.length - 1];
  const rssMiB: Record<string, number> = {};
  for (const slot of new Set(inside.flatMap((s) => Object.keys(s.rss)))) {
    const values = inside.flatMap((s) => (s.rss[slot] ? [s.rss[slot].bytes] : [])).sort((a, b) => a - b);
    rssMiB[slot] = round(percentile(values, 0.5) / MiB);
  }
  return {
    from,
    to,
    requestsPerSecond: round(log.rate(from, to)),
    latency: Object.fromEntries(
      [...log.latency(from, to)].map(([f, v]) => [f, { count: v.count, p50: Math.round(v.p50), p99: Math.round(v.p99) }]),
    ),
    rssMiB,
    dbMiB: round((last?.dbBytes ?? 0) / MiB),
    pendingJobs: last?.pendingJobs ?? 0,
    searchBacklog: last?.searchBacklog ?? 0,
    connectionsMax: Math.max(0, ...inside.map((s) => s.connections)),
    redisMiB: round(Math.max(0, ...inside.map((s) => s.redisUsedBytes).filter(Number.isFinite)) / MiB),
    harnessLagMaxMs: Math.max(0, ...inside.map((s) => s.harnessLagMs)),
    loadAverage: round(inside.reduce((sum, s) => sum + s.load1, 0) / Math.max(1, inside.length)),
    faults: log.windows.filter((w) => w.start >= from && w.start < to).map((w) => w.kind),
  };
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}

const minutes = (ms: number) => (ms / 60_000).toFixed(ms % 60_000 === 0 ? 0 : 1);

/** Markdown tables: traffic and latency per stretch, then memory per stretch. */
export function figuresTables(rows: IntervalFigures[]): string {
  const lat = (r: IntervalFigures, f: Family) => (r.latency[f] ? `${r.latency[f].p50}/${r.latency[f].p99}` : '–');
  const head1 = [
    'min',
    'req/s',
    ...SHOWN_FAMILIES.map((f) => `${f} p50/p99 ms`),
    'DB MiB',
    'pending jobs',
    'search backlog',
    'PG conns max',
    'Redis MiB',
    'harness lag max ms',
    'load avg',
    'faults',
  ];
  const lines1 = rows.map((r) => [
    `${minutes(r.from)}–${minutes(r.to)}`,
    String(r.requestsPerSecond),
    ...SHOWN_FAMILIES.map((f) => lat(r, f)),
    String(r.dbMiB),
    String(r.pendingJobs),
    String(r.searchBacklog),
    String(r.connectionsMax),
    String(r.redisMiB),
    String(r.harnessLagMaxMs),
    String(r.loadAverage),
    r.faults.join(', ') || '–',
  ]);
  const slots = [...new Set(rows.flatMap((r) => Object.keys(r.rssMiB)))].sort();
  const head2 = ['min', ...slots.map((s) => `${s} RSS MiB`)];
  const lines2 = rows.map((r) => [
    `${minutes(r.from)}–${minutes(r.to)}`,
    ...slots.map((s) => (r.rssMiB[s] === undefined ? '–' : String(r.rssMiB[s]))),
  ]);
  return `${table(head1, lines1)}\n\n${table(head2, lines2)}`;
}

export function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}
