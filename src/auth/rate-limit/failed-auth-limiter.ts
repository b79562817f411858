const WINDOW_MS = 60_000;
const MAX_ADDRESSES = 100_000;

/**
 * Counts failed authentications per client address in fixed one-minute windows, in memory: the
 * check must cost nothing (no PostgreSQL, no Redis) because it runs before credentials are looked
 * up. Per process, so with N API processes an address gets up to N × the limit; that still bounds
 * the PostgreSQL lookups that unknown credentials cost, which is its purpose. Bounded in size.
 */
export class FailedAuthLimiter {
  private readonly windows = new Map<string, { endsAt: number; failures: number }>();

  constructor(
    private readonly limitPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until this address may try again; 0 when it may try now. */
  retryAfterSeconds(address: string): number {
    const window = this.windows.get(address);
    const now = this.now();
    if (!window || window.endsAt <= now || window.failures < this.limitPerMinute) return 0;
    return Math.max(1, Math.ceil((window.endsAt - now) / 1000));
  }

  recordFailure(address: string): void {
    const now = this.now();
    let window = this.windows.get(address);
    if (!window || window.endsAt <= now) {
      if (!window && this.windows.size >= MAX_ADDRESSES) this.makeRoom(now);
      window = { endsAt: now + WINDOW_MS, failures: 0 };
      this.windows.set(address, window);
    }
    window.failures++;
  }

  /** Forgets finished windows; if every address is still counting, the oldest goes. */
  private makeRoom(now: number): void {
    for (const [address, window] of this.windows) if (window.endsAt <= now) this.windows.delete(address);
    if (this.windows.size >= MAX_ADDRESSES) this.windows.delete(this.windows.keys().next().value as string);
  }
}
