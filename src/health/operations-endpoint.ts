import type { INestApplicationContext } from '@nestjs/common';
import type { RequestListener } from 'node:http';
import { operationsListener } from '../common/metrics/metrics-server';
import { MetricsService } from '../common/metrics/metrics.service';
import { ReadinessService } from './readiness.service';

/** The API's METRICS_PORT endpoint: Prometheus metrics and the full readiness report. */
export function apiOperationsListener(app: INestApplicationContext): RequestListener {
  const readiness = app.get(ReadinessService);
  return operationsListener(app.get(MetricsService).registry, async () => {
    const body = await readiness.report();
    return { statusCode: body.status === 'ok' ? 200 : 503, body };
  });
}
