import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import type { Queue } from 'bull';
import { IMPORT_QUEUE } from '../imports/queue/import-queue.constants';

const PING_TIMEOUT_MS = 1_500;

/** Redis is ready when the queue's client answers PING in time. */
@Injectable()
export class RedisHealthIndicator {
  constructor(
    @InjectQueue(IMPORT_QUEUE) private readonly queue: Queue,
    private readonly indicators: HealthIndicatorService,
  ) {}

  async pingCheck(key: string) {
    const indicator = this.indicators.check(key);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.queue.client.ping(),
        new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS))),
      ]);
      return indicator.up();
    } catch (error) {
      return indicator.down({ message: (error as Error).message });
    } finally {
      clearTimeout(timer);
    }
  }
}
