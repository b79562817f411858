export interface MinimumRateSettings {
  /** 0 turns the check off. */
  bytesPerSecond: number;
  /** Length of one measuring window; the first window after the start is a grace period. */
  windowMs: number;
}

/**
 * Decides, window by window, whether an upload arrives too slowly. The first window is grace
 * (connection set-up, the first database round trips); after it, every window must bring at
 * least bytesPerSecond × window seconds. Pure: the caller feeds bytes and ticks once per window.
 */
export class MinimumRate {
  private bytes = 0;
  private windows = 0;

  constructor(private readonly settings: MinimumRateSettings) {}

  get enabled(): boolean {
    return this.settings.bytesPerSecond > 0;
  }

  received(bytes: number): void {
    this.bytes += bytes;
  }

  /** Ends a window; true when it was not the grace window and brought too little. */
  windowEnded(): boolean {
    const bytes = this.bytes;
    this.bytes = 0;
    if (++this.windows === 1 || !this.enabled) return false;
    return bytes < (this.settings.bytesPerSecond * this.settings.windowMs) / 1000;
  }
}
