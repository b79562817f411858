import { Injectable } from '@nestjs/common';
import { Counter, Histogram } from 'prom-client';
import { MetricsService } from '../../common/metrics/metrics.service';

/** The webhook_* metrics of this process, on its shared registry. */
@Injectable()
export class WebhookMetricsService {
  readonly attempts: Counter<'result'>;
  readonly attemptDuration: Histogram;
  readonly deliveriesCreated: Counter;

  constructor(metrics: MetricsService) {
    const registers = [metrics.registry];
    this.attempts = new Counter({
      name: 'webhook_attempts_total',
      help: 'Webhook delivery attempts made by this process, by result (delivered, retry, failed: the retry window is over)',
      labelNames: ['result'] as const,
      registers,
    });
    this.attemptDuration = new Histogram({
      name: 'webhook_attempt_duration_seconds',
      help: 'Wall time of one webhook delivery attempt, from connecting to the answer (or the timeout)',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
      registers,
    });
    this.deliveriesCreated = new Counter({
      name: 'webhook_deliveries_created_total',
      help: 'Deliveries the relay of this process created from finished-job events',
      registers,
    });
  }
}
