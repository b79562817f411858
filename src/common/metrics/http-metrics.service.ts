import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { MetricsService } from './metrics.service';

/** The http_* metrics of this process (counted by countHttpRequests). */
@Injectable()
export class HttpMetricsService {
  readonly requests: Counter<'method' | 'route' | 'status'>;

  constructor(metrics: MetricsService) {
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by method, route template and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [metrics.registry],
    });
  }
}
