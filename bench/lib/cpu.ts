import { readFileSync } from 'node:fs';
import type { Client } from 'pg';
import { withClient } from '../../tools/harness/bench-db';

/** Linux reports process times in clock ticks; 100 per second on every common kernel configuration. */
const TICKS_PER_SECOND = 100;

/** User + system CPU seconds a process has used so far (0 when it is gone). */
export function cpuSeconds(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

async function backendPids(client: Client): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  return rows.map((r) => r.pid);
}

export interface CpuReading {
  total: number;
  /** In the order of the service pids given to the meter. */
  services: number[];
  database: number;
}

/**
 * CPU seconds used by the service's processes and every PostgreSQL backend of the bench database
 * between start() and stop(). On a shared machine wall times swing with other load; CPU time
 * barely does, so it tells whether a change made the work itself cheaper.
 */
export class CpuMeter {
  private before = new Map<number, number>();

  constructor(
    private readonly databaseUrl: string,
    private readonly servicePids: number[],
  ) {}

  async start(): Promise<this> {
    this.before = await this.snapshot();
    return this;
  }

  /** Seconds since start(), also per service process and for the database backends together (processes that appeared meanwhile count whole). */
  async stop(): Promise<CpuReading> {
    const after = await this.snapshot();
    const used = (pid: number) => Math.max(0, (after.get(pid) ?? 0) - (this.before.get(pid) ?? 0));
    let total = 0;
    for (const pid of after.keys()) total += used(pid);
    const services = this.servicePids.map(used);
    const round2 = (v: number) => Math.round(v * 100) / 100;
    return { total: round2(total), services: services.map(round2), database: round2(total - services.reduce((a, b) => a + b, 0)) };
  }

  private async snapshot(): Promise<Map<number, number>> {
    const pids = [...this.servicePids, ...(await withClient(this.databaseUrl, backendPids))];
    return new Map(pids.map((pid) => [pid, cpuSeconds(pid)]));
  }
}

/** CPU seconds the given connection's backend uses while `fn` runs. */
export async function backendCpuDuring<T>(client: Client, fn: () => Promise<T>): Promise<{ result: T; cpu_s: number }> {
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const before = cpuSeconds(rows[0].pid);
  const result = await fn();
  return { result, cpu_s: Math.round((cpuSeconds(rows[0].pid) - before) * 100) / 100 };
}
