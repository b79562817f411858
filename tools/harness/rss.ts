import { readFileSync, writeFileSync } from 'node:fs';

export interface MemoryStatus {
  rssKiB: number;
  hwmKiB: number;
}

/** VmRSS and VmHWM (peak RSS) of a process from /proc (Linux only). */
export function readMemoryStatus(pid: number): MemoryStatus | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssKiB: field('VmRSS'), hwmKiB: field('VmHWM') };
  } catch {
    return null;
  }
}

/** Resets VmHWM to the current RSS (`echo 5 > /proc/pid/clear_refs`); false when not permitted. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export const kibToMib = (kib: number): number => Math.round((kib / 1024) * 10) / 10;

/**
 * Polls VmRSS of some processes every `intervalMs` and keeps the maximum; at stop also takes
 * VmHWM, which catches peaks shorter than the interval.
 */
export class RssSampler {
  private readonly maxKiB = new Map<number, number>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly pids: number[],
    private readonly intervalMs = 50,
  ) {}

  start(): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.intervalMs);
    return this;
  }

  /** Peak in MiB per pid: max of the samples and of VmHWM (meaningful since start or the last resetPeak). */
  stop(): Map<number, number> {
    if (this.timer) clearInterval(this.timer);
    this.sample(true);
    return new Map([...this.maxKiB].map(([pid, kib]) => [pid, kibToMib(kib)]));
  }

  private sample(withHwm = false): void {
    for (const pid of this.pids) {
      const status = readMemoryStatus(pid);
      if (!status) continue;
      const value = withHwm ? Math.max(status.rssKiB, status.hwmKiB) : status.rssKiB;
      if (Number.isFinite(value)) this.maxKiB.set(pid, Math.max(this.maxKiB.get(pid) ?? 0, value));
    }
  }
}
