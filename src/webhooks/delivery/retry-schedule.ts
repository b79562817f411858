/** No two attempts of one delivery are further apart than this. */
export const MAX_RETRY_DELAY_MS = 3_600_000;

export interface RetryPolicy {
  /** Delay after the first failed attempt; doubled after each further one. */
  retryBaseMs: number;
  /** No attempt starts later than this after the delivery was created; then it is marked failed. */
  retryWindowMs: number;
}

/** The wait after the `attemptsMade`-th failed attempt (1-based): base, 2·base, 4·base, … capped at 1 h. */
export function retryDelayMs(attemptsMade: number, baseMs: number): number {
  const exponent = Math.min(Math.max(attemptsMade - 1, 0), 40);
  return Math.min(baseMs * 2 ** exponent, MAX_RETRY_DELAY_MS);
}

/**
 * When to try again after a failed attempt, or null to give up (marked failed): the next attempt
 * would start beyond the retry window, counted from the delivery's creation.
 */
export function nextAttemptAt(attemptsMade: number, createdAt: Date, now: Date, policy: RetryPolicy): Date | null {
  const at = now.getTime() + retryDelayMs(attemptsMade, policy.retryBaseMs);
  return at > createdAt.getTime() + policy.retryWindowMs ? null : new Date(at);
}
