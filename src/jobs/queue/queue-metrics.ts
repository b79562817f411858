import { InjectQueue } from '@nestjs/bull';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bull';
import { MetricsService } from '../../common/metrics/metrics.service';
import { IMPORT_QUEUE } from './import-queue.constants';

const SCRAPE_TIMEOUT_MS = 1_000;

/** Feeds the import_queue_depth gauge from the queue's job counts. */
@Injectable()
export class QueueMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsService,
    @InjectQueue(IMPORT_QUEUE) private readonly queue: Queue,
  ) {}

  onModuleInit(): void {
    this.metrics.setQueueCounts(() => this.counts());
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
