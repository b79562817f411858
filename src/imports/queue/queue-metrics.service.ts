import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import { Gauge } from 'prom-client';
import { MetricsService } from '../../common/metrics/metrics.service';
import { IMPORT_QUEUE } from './import-queue.constants';

const SCRAPE_TIMEOUT_MS = 1_000;

/** The import_queue_* metrics of this process, fed from the queue's job counts at scrape time. */
@Injectable()
export class QueueMetricsService {
  readonly depth: Gauge<'state'>;

  constructor(
    metrics: MetricsService,
    @InjectQueue(IMPORT_QUEUE) private readonly queue: Queue,
  ) {
    const counts = () => this.counts();
    this.depth = new Gauge({
      name: 'import_queue_depth',
      help: 'Bull jobs of the catalog-imports queue by state',
      labelNames: ['state'] as const,
      registers: [metrics.registry],
      // Read from Redis at scrape time; during a Redis outage the last values stay.
      async collect() {
        const values = await counts().catch(() => undefined);
        if (values) for (const [state, value] of Object.entries(values)) this.set({ state }, value);
      },
    });
  }

  /**
   * Bull's client queues commands while Redis is away (maxRetriesPerRequest: null), so a scrape
   * must not wait on it: not connected → no new values; slow → give up after a second.
   */
  private async counts(): Promise<Record<string, number>> {
    if (this.queue.client.status !== 'ready') throw new Error('Redis not connected');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), SCRAPE_TIMEOUT_MS)));
    try {
      return { ...(await Promise.race([this.queue.getJobCounts(), timeout])) };
    } finally {
      clearTimeout(timer);
    }
  }
}
