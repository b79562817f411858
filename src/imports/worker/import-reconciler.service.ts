import { Injectable, Logger } from '@nestjs/common';
import { ImportQueueProducer } from '../queue/import-queue.producer';
import { ImportJobRepository } from '../jobs/repositories/import-job.repository';

const RECONCILE_BATCH = 500;

/**
 * PostgreSQL is the source of truth, Redis only transport: every pending/processing job without a
 * live Bull job (Redis flushed, API died between commit and enqueue, deferred run, Bull gave up
 * retrying) is added again.
 */
@Injectable()
export class ImportReconcilerService {
  private readonly logger = new Logger(ImportReconcilerService.name);

  constructor(
    private readonly jobs: ImportJobRepository,
    private readonly producer: ImportQueueProducer,
  ) {}

  /** Returns how many unfinished jobs were checked. */
  async reconcile(): Promise<number> {
    // A job committed by an API that died before giving it a position is not runnable until it has one.
    const positioned = await this.jobs.assignMissingPositions(RECONCILE_BATCH);
    if (positioned > 0) this.logger.log(`Gave ${positioned} uploaded import job(s) their place in line`);
    const unfinished = await this.jobs.findUnfinished(RECONCILE_BATCH);
    for (const job of unfinished) {
      await this.producer.enqueue({ importJobId: job.id, organizationId: job.organizationId });
    }
    if (unfinished.length > 0) this.logger.debug(`Reconciled ${unfinished.length} unfinished import job(s)`);
    return unfinished.length;
  }
}
