import { readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sleep } from '../../../tools/harness/repo';
import type { PrivatePostgres, PrivateRedis } from './private-services';
import type { SoakDb } from './soak-db';
import type { SoakStack } from './stack';

/** One sample of the figures. */
export interface Sample {
  at: number;
  /** Slot name → {pid, rss in bytes}; `postgres` sums the cluster's processes. */
  rss: Record<string, { pid: number; bytes: number }>;
  connections: number;
  dbBytes: number;
  pendingJobs: number;
  searchBacklog: number;
  redisUsedBytes: number;
  /** The harness's own event-loop delay (max since the previous sample): latencies are measured on this loop. */
  harnessLagMs: number;
  /** The machine's 1-minute load average (it is shared: latencies mean little without it). */
  load1: number;
}

/** VmRSS of a process in bytes, or null when it is gone. */
export function rssOf(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** The postmaster and its children (backends, checkpointer, …), from /proc. */
function postgresRss(postmaster: number): number {
  let total = rssOf(postmaster) ?? 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) total += rssOf(Number(entry)) ?? 0;
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

/** Samples every `intervalMs` until stopped; a sample that fails (a backing service down) is skipped. */
export class Monitor {
  readonly samples: Sample[] = [];
  private running = true;
  private loop: Promise<void> = Promise.resolve();
  private readonly lag = monitorEventLoopDelay({ resolution: 20 });

  constructor(
    private readonly stack: SoakStack,
    private readonly postgres: PrivatePostgres,
    private readonly redis: PrivateRedis,
    private readonly db: SoakDb,
    private readonly database: string,
    private readonly clock: () => number,
  ) {}

  start(intervalMs: number): void {
    this.lag.enable();
    this.loop = (async () => {
      while (this.running) {
        await this.sample().catch(() => undefined);
        await sleep(intervalMs);
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
    this.lag.disable();
  }

  async sample(): Promise<Sample> {
    const at = this.clock();
    const rss: Sample['rss'] = {};
    for (const { name, pid } of this.stack.processes()) {
      const bytes = rssOf(pid);
      if (bytes !== null) rss[name] = { pid, bytes };
    }
    const postmaster = this.postgres.postmasterPid();
    if (postmaster) rss.postgres = { pid: postmaster, bytes: postgresRss(postmaster) };
    const redisPid = this.redis.pid;
    if (redisPid) rss.redis = { pid: redisPid, bytes: rssOf(redisPid) ?? 0 };
    const figures = await this.db.figures(this.database);
    const redisUsedBytes = await this.redis.usedMemory();
    const harnessLagMs = Math.round(this.lag.max / 1e6);
    this.lag.reset();
    const sample = { at, rss, ...figures, redisUsedBytes, harnessLagMs, load1: loadavg()[0] };
    this.samples.push(sample);
    return sample;
  }
}
