import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bull';
import { DataSource } from 'typeorm';
import { MetricsService } from '../../common/metrics/metrics.service';
import type { ImportQueuePayload } from '../queue/import-queue.constants';
import { ImportQueueProducer } from '../queue/import-queue.producer';
import { ImportJobRepository } from '../repositories/import-job.repository';
import { OrganizationLockRepository } from '../repositories/organization-lock.repository';
import { ForeignJobGuard } from './foreign-job.guard';
import { ImportInterruptedError } from './worker-errors';
import { ImportRunner } from './import-runner';

export type ProcessResult = 'done' | 'failed' | 'deferred' | 'already-finished';

/**
 * Handles one delivery of a Bull job. Bull delivers at least once and knows nothing of
 * organizations, so the rules live here and in PostgreSQL: one import per organization at a time
 * (advisory lock), oldest unfinished job first, exactly-once batches (cursor check in the runner).
 */
@Injectable()
export class ImportProcessor {
  private readonly logger = new Logger(ImportProcessor.name);
  private stopping = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly locks: OrganizationLockRepository,
    private readonly jobs: ImportJobRepository,
    private readonly runner: ImportRunner,
    private readonly producer: ImportQueueProducer,
    private readonly metrics: MetricsService,
    private readonly foreignJobs: ForeignJobGuard,
  ) {}

  /** Asks running imports to stop after their current batch. */
  stop(): void {
    this.stopping = true;
  }

  async process(job: Job<ImportQueuePayload>): Promise<ProcessResult> {
    // A job row this database does not hold: its own deleted row completes; another deployment's job is handed back.
    if ((await this.foreignJobs.admit(job)) === 'deleted-here') return 'already-finished';
    const { organizationId } = job.data;
    const lock = await this.locks.tryAcquire(organizationId);
    // Another import of this organization is running; it enqueues the next one when it ends.
    if (!lock) return 'deferred';
    let result: ProcessResult;
    try {
      result = await this.processLocked(job, lock.manager);
    } catch (error) {
      await this.failIfLastAttempt(job, error);
      throw error;
    } finally {
      await lock.release();
    }
    if (result === 'done' || result === 'failed') await this.enqueueNext(organizationId);
    return result;
  }

  private async processLocked(job: Job<ImportQueuePayload>, manager: DataSource['manager']): Promise<ProcessResult> {
    const { importJobId, organizationId } = job.data;
    const next = await this.jobs.oldestUnfinished(manager, organizationId);
    if (!next) return 'already-finished';
    if (next.id !== importJobId) {
      // An older upload must be applied first; make sure it is queued. This one follows it.
      await this.producer.enqueueBestEffort({ importJobId: next.id, organizationId });
      return (await this.jobs.findById(importJobId))?.status === 'pending' ? 'deferred' : 'already-finished';
    }
    const claimed = await this.jobs.markProcessing(manager, importJobId);
    if (!claimed) return 'already-finished';
    const stopTimer = this.metrics.importDuration.startTimer();
    const outcome = await this.runner.run(claimed, () => this.stopping);
    stopTimer();
    this.metrics.importJobsFinished.inc({ status: outcome });
    this.logger.log(`Import job ${importJobId} ${outcome}`);
    return outcome;
  }

  /** After the retry budget, a job that keeps failing ends `failed` with type internal (not on shutdown). */
  private async failIfLastAttempt(job: Job<ImportQueuePayload>, error: unknown): Promise<void> {
    if (error instanceof ImportInterruptedError) return;
    const attempts = job.opts.attempts ?? 1;
    if (job.attemptsMade + 1 < attempts) {
      this.logger.warn(`Import job ${job.data.importJobId} attempt ${job.attemptsMade + 1} failed: ${(error as Error).message}`);
      return;
    }
    this.logger.error(`Import job ${job.data.importJobId} failed after ${attempts} attempts: ${(error as Error).stack}`);
    await this.dataSource
      .transaction((manager) =>
        this.jobs.markFailed(manager, job.data.importJobId, 'internal', 'The import kept failing after retries; upload the file again'),
      )
      .then((marked) => marked && this.metrics.importJobsFinished.inc({ status: 'failed' }))
      .catch((e: Error) => this.logger.error(`Could not mark import job ${job.data.importJobId} failed: ${e.message}`));
  }

  private async enqueueNext(organizationId: string): Promise<void> {
    const next = await this.jobs.oldestUnfinished(this.dataSource.manager, organizationId);
    if (next) await this.producer.enqueueBestEffort({ importJobId: next.id, organizationId });
  }
}
