import fc from 'fast-check';
import { MAX_RETRY_DELAY_MS, nextAttemptAt, retryDelayMs } from './retry-schedule';

const DAY_MS = 86_400_000;

describe('webhook retry schedule', () => {
  it('doubles from the base after each failed attempt and never waits more than an hour', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, 10_000))).toEqual([10_000, 20_000, 40_000, 80_000, 160_000]);
    expect(retryDelayMs(9, 10_000)).toBe(2_560_000);
    expect(retryDelayMs(10, 10_000)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(1_000, 10_000)).toBe(MAX_RETRY_DELAY_MS);
  });

  it('with the defaults (10 s base, 24 h window) a receiver that never answers gets 32 attempts over 24 h, then the delivery fails', () => {
    const created = new Date('2026-11-26T00:00:00Z');
    const policy = { retryBaseMs: 10_000, retryWindowMs: DAY_MS };
    let now = created;
    let attempts = 1; // the first attempt, at creation
    for (;;) {
      const next = nextAttemptAt(attempts, created, now, policy);
      if (next === null) break;
      now = next;
      attempts++;
    }
    expect(attempts).toBe(32);
    expect(now.getTime() - created.getTime()).toBeLessThanOrEqual(DAY_MS);
    expect(now.getTime() - created.getTime()).toBeGreaterThan(DAY_MS - MAX_RETRY_DELAY_MS);
  });

  it('never schedules an attempt beyond the window, and only gives up when the next one would be (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 10, max: 3_600_000 }),
        fc.integer({ min: 1_000, max: 7 * DAY_MS }),
        fc.integer({ min: 0, max: 7 * DAY_MS }),
        (attempts, base, window, elapsed) => {
          const created = new Date(0);
          const now = new Date(elapsed);
          const next = nextAttemptAt(attempts, created, now, { retryBaseMs: base, retryWindowMs: window });
          const wanted = elapsed + retryDelayMs(attempts, base);
          if (next === null) expect(wanted).toBeGreaterThan(window);
          else expect(next.getTime()).toBe(wanted);
          if (next) expect(next.getTime()).toBeLessThanOrEqual(window);
        },
      ),
    );
  });
});
