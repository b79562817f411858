import { check, type CheckResult } from './checks';
import type { Sample } from './monitor';
import type { Tenant } from './tenant';
import { percentile, type TrafficLog } from './traffic-log';

const MiB = 1024 * 1024;
/** Redis holds only queue transport and rate-limit counters: far below this. */
export const REDIS_MEMORY_BOUND = 64 * MiB;
export const SEARCH_BACKLOG_BOUND_S = 10;
/** Short runs only check that the backlog drains at all: their seconds mostly measure the machine's load. */
const SHORT_RUN_BACKLOG_BOUND_S = 60;
export const STATUS_P99_BOUND_MS = 100;
export const RSS_GROWTH_BOUND = 0.1;
/** The latency and memory goals are judged on runs of at least this long (a short run is all warm-up). */
const STABILITY_MIN_MINUTES = 10;
const FIVE_MIN = 5 * 60_000;

interface StabilityInput {
  minutes: number;
  log: TrafficLog;
  samples: Sample[];
  tenants: Tenant[];
  connectionBound: number;
  trafficEnd: number;
}

export function stabilityChecks({ minutes, log, samples, tenants, connectionBound, trafficEnd }: StabilityInput): CheckResult[] {
  const maxConnections = Math.max(0, ...samples.map((s) => s.connections));
  const redisSamples = samples.map((s) => s.redisUsedBytes).filter(Number.isFinite);
  const maxRedis = Math.max(0, ...redisSamples);
  const checks = [
    check(
      `PostgreSQL sessions within the pools' configured bound (${connectionBound})`,
      maxConnections > connectionBound ? [`${maxConnections} sessions seen`] : [],
      `max ${maxConnections}`,
    ),
    check(
      `Redis memory within ${REDIS_MEMORY_BOUND / MiB} MiB`,
      [
        ...(maxRedis > REDIS_MEMORY_BOUND ? [`${(maxRedis / MiB).toFixed(1)} MiB used`] : []),
        ...(redisSamples.length === 0 ? ['no sample of INFO memory'] : []),
      ],
      `max ${(maxRedis / MiB).toFixed(1)} MiB`,
    ),
    searchBacklogCheck(tenants, log, minutes >= STABILITY_MIN_MINUTES ? SEARCH_BACKLOG_BOUND_S : SHORT_RUN_BACKLOG_BOUND_S),
  ];
  if (minutes >= STABILITY_MIN_MINUTES) {
    const status = log.latency(0, trafficEnd).get('status');
    const p99 = status?.p99 ?? NaN;
    checks.push(
      check(
        `status polls p99 ≤ ${STATUS_P99_BOUND_MS} ms outside fault windows`,
        p99 <= STATUS_P99_BOUND_MS ? [] : [`p99 ${p99} ms over ${status?.count ?? 0} polls`],
        `p99 ${p99} ms`,
      ),
    );
    checks.push(rssCheck(samples, trafficEnd));
  }
  return checks;
}

/** Each import's organization had no pending search entry within `bound` s of the job ending (outside fault windows). */
function searchBacklogCheck(tenants: Tenant[], log: TrafficLog, bound: number): CheckResult {
  const judged = tenants
    .flatMap((t) => t.backlog.map((b) => ({ tenant: t.index, ...b })))
    .filter((b) => !log.insideFault({ at: b.at, ms: Number.isFinite(b.seconds) ? b.seconds * 1000 : 60_000 }));
  const slow = judged.filter((b) => b.seconds > bound);
  const seconds = judged.map((b) => b.seconds).sort((a, b) => a - b);
  return check(
    `search backlog back to zero within ${bound} s of each import (outside fault windows)`,
    slow.map((b) => `tenant ${b.tenant} at ${(b.at / 1000).toFixed(0)} s: ${b.seconds} s`),
    `${judged.length} imports, p50 ${percentile(seconds, 0.5)?.toFixed(2)} s, p99 ${percentile(seconds, 0.99)?.toFixed(2)} s, ` +
      `max ${seconds[seconds.length - 1]?.toFixed(2)} s, ${seconds.filter((s) => s > SEARCH_BACKLOG_BOUND_S).length} over ${SEARCH_BACKLOG_BOUND_S} s`,
  );
}

/**
 * Each process's RSS at the end (median of the last 5 minutes) at most 10 % above its value after its
 * first 5 minutes (median of its minutes 5–10). A process restarted by a fault is judged from its restart;
 * one too young for both stretches is named, not judged.
 */
function rssCheck(samples: Sample[], trafficEnd: number): CheckResult {
  const problems: string[] = [];
  const details: string[] = [];
  const slots = new Set(samples.flatMap((s) => Object.keys(s.rss)));
  for (const slot of [...slots].sort()) {
    const finalPid = [...samples].reverse().find((s) => s.rss[slot])?.rss[slot].pid;
    const mine = samples.filter((s) => s.rss[slot]?.pid === finalPid && s.at <= trafficEnd);
    if (mine.length === 0) continue;
    const born = mine[0].at;
    const median = (from: number, to: number) => {
      const values = mine
        .filter((s) => s.at >= from && s.at < to)
        .map((s) => s.rss[slot].bytes)
        .sort((a, b) => a - b);
      return values.length ? percentile(values, 0.5) : NaN;
    };
    const baseline = median(born + FIVE_MIN, born + 2 * FIVE_MIN);
    if (born + 2 * FIVE_MIN > trafficEnd - FIVE_MIN || !Number.isFinite(baseline)) {
      details.push(`${slot}: started at ${(born / 60_000).toFixed(1)} min, too young to judge`);
      continue;
    }
    const end = median(trafficEnd - FIVE_MIN, trafficEnd);
    details.push(`${slot} ${(baseline / MiB).toFixed(0)}→${(end / MiB).toFixed(0)} MiB`);
    if (end > baseline * (1 + RSS_GROWTH_BOUND))
      problems.push(
        `${slot}: ${(baseline / MiB).toFixed(1)} → ${(end / MiB).toFixed(1)} MiB (+${((end / baseline - 1) * 100).toFixed(0)} %)`,
      );
  }
  return check(
    `RSS of each process at the end within ${RSS_GROWTH_BOUND * 100} % of its value after its first 5 minutes`,
    problems,
    details.join(', '),
  );
}
