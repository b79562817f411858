import type { ServiceProcess } from '../../../tools/harness/service-process';
import { kibToMib, readMemoryStatus } from '../../../tools/harness/rss';

/**
 * Samples a process's VmRSS every `intervalMs` and, at the end, its VmHWM (the kernel's peak,
 * which catches spikes between samples: the worker is fresh per shape, so it covers that shape
 * only). Kills the process once it passes `killMib`, to protect the shared machine.
 */
export class RssWatch {
  private peakKiB = 0;
  private timer?: NodeJS.Timeout;
  killedAtMib: number | null = null;

  constructor(
    private readonly service: ServiceProcess,
    private readonly intervalMs: number,
    private readonly killMib: number,
  ) {}

  start(): this {
    this.sample(false);
    this.timer = setInterval(() => this.sample(false), this.intervalMs);
    return this;
  }

  /** Peak RSS in MiB since the process started (samples, and VmHWM while it still runs). */
  stop(): number {
    if (this.timer) clearInterval(this.timer);
    this.sample(true);
    return kibToMib(this.peakKiB);
  }

  private sample(withHighWaterMark: boolean): void {
    if (!this.service.running) return;
    const status = readMemoryStatus(this.service.pid);
    if (!status) return;
    const kib = withHighWaterMark ? Math.max(status.rssKiB, status.hwmKiB) : status.rssKiB;
    if (Number.isFinite(kib)) this.peakKiB = Math.max(this.peakKiB, kib);
    if (this.killedAtMib === null && this.peakKiB / 1024 > this.killMib) {
      this.killedAtMib = kibToMib(this.peakKiB);
      this.service.child.kill('SIGKILL');
    }
  }
}
