import { FailedAuthLimiter } from './failed-auth-limiter';

const ALL = '*';

/**
 * Lookups of credentials of no known live token, per process per minute, from all addresses
 * together. Per-address limits cannot bound what many addresses (a botnet, one IPv6 block per
 * try) cost PostgreSQL; this does, exactly: a lookup is counted before it is made, so concurrent
 * guesses cannot overshoot it. Once spent, such credentials get 429 until the minute ends; those
 * of live tokens (TokenVerifierService.holdsLive) never reach it.
 */
export class UnknownLookupBudget {
  private readonly limiter: FailedAuthLimiter;

  constructor(limitPerMinute: number, now?: () => number) {
    this.limiter = new FailedAuthLimiter(limitPerMinute, now);
  }

  /** Takes one lookup from the budget: 0 when taken, else the seconds until the budget is renewed. */
  take(): number {
    const wait = this.limiter.retryAfterSeconds(ALL);
    if (wait === 0) this.limiter.recordFailure(ALL);
    return wait;
  }
}
