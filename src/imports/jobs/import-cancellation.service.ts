import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ConflictError, NotFoundError } from '../../common/errors/api-error';
import type { ImportJob } from './entities/import-job.entity';
import { ImportMetricsService } from '../queue/import-metrics.service';
import { ImportFileRepository } from './repositories/import-file.repository';
import { ImportJobRepository } from './repositories/import-job.repository';

const PENDING_MESSAGE = 'Cancelled on request before processing started; nothing was applied';

/**
 * Cancel requests. A pending job ends failed/cancelled at once (its queue entry then finds it
 * finished and does nothing); a processing one is marked and its worker ends it at the next batch
 * boundary. The job row is locked meanwhile, so a worker claiming or finishing the job at the same
 * moment is ordered before or after, never in between. Asking again answers the same.
 */
@Injectable()
export class ImportCancellationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: ImportJobRepository,
    private readonly files: ImportFileRepository,
    private readonly metrics: ImportMetricsService,
  ) {}

  /** Returns the job as it is after the request; 404 for another organization's job, 409 for one that finished otherwise. */
  async cancel(jobId: string, organizationId: string): Promise<ImportJob> {
    const endedNow = await this.dataSource.transaction(async (manager) => {
      const job = await this.jobs.lockForOrganization(manager, jobId, organizationId);
      if (!job) throw new NotFoundError(`Import job ${jobId} not found`);
      if (job.status === 'done' || job.status === 'failed') {
        if (job.cancelRequestedAt) return false; // cancelled before: the same answer again
        throw new ConflictError(`Import job ${jobId} already ended ${job.status}; only a pending or processing job can be cancelled`);
      }
      await this.jobs.requestCancel(manager, jobId);
      if (job.status === 'processing') return false;
      await this.jobs.markFailed(manager, jobId, 'cancelled', PENDING_MESSAGE);
      await this.files.deleteFile(manager, jobId);
      return true;
    });
    if (endedNow) this.metrics.jobsFinished.inc({ status: 'failed' });
    const job = await this.jobs.findForOrganization(jobId, organizationId);
    if (!job) throw new NotFoundError(`Import job ${jobId} not found`); // purged by retention meanwhile
    return job;
  }
}
