import { Injectable } from '@nestjs/common';
import { HealthIndicatorService } from '@nestjs/terminus';
import { ImportHealthService } from '../imports/import-health.service';

const PING_TIMEOUT_MS = 1_500;

/** Redis is ready when the import queue's client answers PING in time. */
@Injectable()
export class RedisHealthIndicator {
  constructor(
    private readonly imports: ImportHealthService,
    private readonly indicators: HealthIndicatorService,
  ) {}

  async pingCheck(key: string) {
    const indicator = this.indicators.check(key);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.imports.pingRedis(),
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
