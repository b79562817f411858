import { Injectable } from '@nestjs/common';
import { Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus registry, with Node's default metrics. Each process (API, worker)
 * exposes its own registry; Prometheus sums across them. Each feature's metrics class
 * (`HttpMetricsService`, `ImportMetricsService`, `WebhookMetricsService`, …) registers its own metrics on it.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }
}
