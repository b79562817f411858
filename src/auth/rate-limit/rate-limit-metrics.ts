import { Counter, type Registry } from 'prom-client';

/**
 * The rate_limit_* metrics of this process. Built by the throttler's factory rather than injected:
 * the throttler module is configured before the auth module's providers exist.
 */
export class RateLimitMetrics {
  readonly fallbacks: Counter;

  constructor(registry: Registry) {
    this.fallbacks = new Counter({
      name: 'rate_limit_fallbacks_total',
      help: 'Rate-limit checks answered by the per-process window because Redis could not be reached',
      registers: [registry],
    });
  }
}
