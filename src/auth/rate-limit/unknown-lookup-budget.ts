import { FailedAuthLimiter } from './failed-auth-limiter';

const ALL = '*';

/**
 * Failed lookups of credentials the token cache does not hold, per process per minute, from all
 * addresses together. Per-address limits cannot bound what many addresses (a botnet, one IPv6
 * block per try) cost PostgreSQL; this does. Once spent, only credentials already in the token
 * cache are served until the minute ends: a guessing storm delays new sessions, never cached ones.
 */
export class UnknownLookupBudget {
  private readonly limiter: FailedAuthLimiter;

  constructor(limitPerMinute: number, now?: () => number) {
    this.limiter = new FailedAuthLimiter(limitPerMinute, now);
  }

  retryAfterSeconds(): number {
    return this.limiter.retryAfterSeconds(ALL);
  }

  recordFailure(): void {
    this.limiter.recordFailure(ALL);
  }
}
