/**
 * Average rate since the first sample, and the time left at that rate. The average over the whole
 * run is steadier than a sliding window for a job polled every half second in uneven batches.
 */
export class RateMeter {
  private start: { value: number; at: number } | null = null;
  private last: { value: number; at: number } | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  sample(value: number): void {
    const at = this.now();
    if (!this.start) this.start = { value, at };
    this.last = { value, at };
  }

  /** Units per second, or null until two samples at least 200 ms apart show movement. */
  perSecond(): number | null {
    if (!this.start || !this.last) return null;
    const seconds = (this.last.at - this.start.at) / 1000;
    if (seconds < 0.2) return null;
    return (this.last.value - this.start.value) / seconds;
  }

  /** Milliseconds until `total` at the current rate, or null when the rate is unknown or zero. */
  etaMs(total: number): number | null {
    const rate = this.perSecond();
    if (!rate || rate <= 0 || !this.last) return null;
    return (Math.max(0, total - this.last.value) / rate) * 1000;
  }
}
