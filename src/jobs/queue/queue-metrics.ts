import { InjectQueue } from '@nestjs/bull';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bull';
import { MetricsService } from '../../common/metrics/metrics.service';
import { IMPORT_QUEUE } from './import-queue.constants';

/** Feeds the import_queue_depth gauge from the queue's job counts. */
@Injectable()
export class QueueMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: MetricsService,
    @InjectQueue(IMPORT_QUEUE) private readonly queue: Queue,
  ) {}

  onModuleInit(): void {
    this.metrics.setQueueCounts(async () => ({ ...(await this.queue.getJobCounts()) }));
  }
}
