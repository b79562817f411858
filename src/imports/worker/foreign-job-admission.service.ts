import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bull';
import { ImportMetricsService } from '../queue/import-metrics.service';
import { requeueWithoutAttempt, RequeueError } from '../queue/import-backoff';
import type { ImportQueuePayload } from '../queue/import-queue.constants';
import { QueueNamespace } from '../../database/queue-namespace';
import { ImportJobRepository } from '../jobs/repositories/import-job.repository';
import { judgeUnknownJob } from './foreign-job-policy';

/** Another deployment's job, handed back to the queue (not a failure, not an attempt). */
export class ForeignJobError extends RequeueError {}

/**
 * Runs before a delivery is processed. Two deployments can share a queue only when configured to
 * (same QUEUE_PREFIX, one Redis); a worker must then never complete the other's jobs, which would
 * leave them pending until their owner's reconciler ran. Counted in import_foreign_jobs_total.
 */
@Injectable()
export class ForeignJobAdmissionService {
  private readonly logger = new Logger(ForeignJobAdmissionService.name);

  constructor(
    private readonly jobs: ImportJobRepository,
    private readonly namespace: QueueNamespace,
    private readonly metrics: ImportMetricsService,
  ) {}

  /**
   * 'own' when this database holds the import job; 'deleted-here' when this deployment enqueued it
   * and its row is gone since (the delivery can complete). Otherwise throws: the job goes back to
   * the queue for its owner, or, unclaimed past the bound, to Bull's failed set.
   */
  async admit(job: Job<ImportQueuePayload>): Promise<'own' | 'deleted-here'> {
    const { importJobId, deploymentId: stampedBy } = job.data;
    if (await this.jobs.findById(importJobId)) return 'own';
    const ageMs = Date.now() - job.timestamp;
    const verdict = judgeUnknownJob({ stampedBy, deploymentId: this.namespace.deploymentId, ageMs });
    if (verdict.kind === 'deleted-here') {
      this.logger.debug(`Import job ${importJobId} was deleted from this database after it was queued; nothing to do`);
      return 'deleted-here';
    }
    this.metrics.foreignJobs.inc();
    const what =
      `Foreign job: import job ${importJobId} in queue prefix "${this.namespace.prefix}" is unknown to this deployment's ` +
      `database (deployment ${this.namespace.deploymentId}; queued by ${stampedBy ?? 'an unstamped producer'}), so another ` +
      `deployment shares this Redis queue (same QUEUE_PREFIX)`;
    if (verdict.kind === 'foreign-expired') {
      this.logger.warn(
        `${what}; unclaimed for ${Math.round(ageMs / 1000)} s: moved to the failed jobs (an owner re-adds it if still pending)`,
      );
      await job.discard();
      throw new Error(`Import job ${importJobId} unknown to deployment ${this.namespace.deploymentId} and unclaimed for ${ageMs} ms`);
    }
    this.logger.warn(`${what}; left to its owner, offered again in ${verdict.requeueInMs} ms`);
    return requeueWithoutAttempt(job, new ForeignJobError(`Import job ${importJobId} belongs to another deployment`, verdict.requeueInMs));
  }
}
