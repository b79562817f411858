import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import { FastPathReportService } from './pipeline/fast-path/fast-path-report.service';
import { IMPORT_QUEUE } from './queue/import-queue.constants';

/** What the readiness check asks of imports: whether their Redis answers, and whether the fast path is on. */
@Injectable()
export class ImportHealthService {
  constructor(
    @InjectQueue(IMPORT_QUEUE) private readonly queue: Queue,
    private readonly fastPath: FastPathReportService,
  ) {}

  /** PING over the import queue's own client: the Redis every queue of this process uses. */
  pingRedis(): Promise<string> {
    return this.queue.client.ping();
  }

  /** `reason` lists why when the fast path is off. */
  fastPathReadiness(): { enabled: boolean; reason?: string[] } {
    return this.fastPath.readiness();
  }
}
