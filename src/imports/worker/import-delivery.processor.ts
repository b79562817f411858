import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bull';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../common/config/app-config';
import { SearchIndexerService } from '../../catalog/indexing/search-indexer.service';
import { ImportMetricsService } from '../queue/import-metrics.service';
import type { ImportQueuePayload } from '../queue/import-queue.constants';
import { ImportQueueProducer } from '../queue/import-queue.producer';
import { ImportFileRepository } from '../jobs/repositories/import-file.repository';
import { ImportJobRepository } from '../jobs/repositories/import-job.repository';
import { OrganizationLockRepository } from '../jobs/repositories/organization-lock.repository';
import { ForeignJobAdmissionService } from './foreign-job-admission.service';
import { ImportInterruptedError } from './worker-errors';
import { ImportJobRunnerService } from './import-job-runner.service';

export type ProcessResult = 'done' | 'failed' | 'deferred' | 'already-finished';

const POISON_MESSAGE = 'The import kept failing or crashing the worker without progress; upload the file again';

/**
 * Handles one delivery of a Bull job. Bull delivers at least once and knows nothing of
 * organizations, so the rules live here and in PostgreSQL: one import per organization at a time
 * (advisory lock), oldest unfinished job first, exactly-once batches (cursor check in the runner).
 * Deliveries are counted in PostgreSQL: a job that IMPORT_ATTEMPTS deliveries in a row could not
 * move forward (it threw, or killed its worker) is poison and ends failed.
 */
@Injectable()
export class ImportDeliveryProcessor {
  private readonly logger = new Logger(ImportDeliveryProcessor.name);
  private stopping = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly locks: OrganizationLockRepository,
    private readonly jobs: ImportJobRepository,
    private readonly files: ImportFileRepository,
    private readonly runner: ImportJobRunnerService,
    private readonly producer: ImportQueueProducer,
    private readonly metrics: ImportMetricsService,
    private readonly foreignJobs: ForeignJobAdmissionService,
    private readonly config: AppConfig,
    private readonly searchIndexer: SearchIndexerService,
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
      if (!(await this.failIfPoison(job, error))) throw error;
      result = 'failed';
    } finally {
      await lock.release();
    }
    if (result === 'done' || result === 'failed') await this.enqueueNext(organizationId);
    return result;
  }

  private async processLocked(job: Job<ImportQueuePayload>, manager: DataSource['manager']): Promise<ProcessResult> {
    const { importJobId, organizationId } = job.data;
    const next = await this.jobs.oldestUnfinished(manager, organizationId);
    if (next?.id !== importJobId) {
      // An earlier upload must be applied first; make sure it is queued. This one follows it
      // (or waits for its position, when the reconciler has yet to give it one).
      if (next) await this.producer.enqueueBestEffort({ importJobId: next.id, organizationId });
      return (await this.jobs.findById(importJobId))?.status === 'pending' ? 'deferred' : 'already-finished';
    }
    const claimed = await this.jobs.markProcessing(manager, importJobId);
    if (!claimed) return 'already-finished';
    if (claimed.idleDeliveries > this.config.worker.attempts) {
      // The previous deliveries all died without committing a batch (a crash is no exception to catch).
      this.logger.error(`Import job ${importJobId}: ${claimed.idleDeliveries - 1} deliveries without progress; failing it`);
      await this.failPoisoned(importJobId);
      return 'failed';
    }
    const stopTimer = this.metrics.duration.startTimer();
    const outcome = await this.runner.run(claimed, () => this.stopping);
    stopTimer();
    this.metrics.jobsFinished.inc({ status: outcome });
    this.logger.log(`Import job ${importJobId} ${outcome}`);
    // The products it wrote are listed as pending: index them now (a cancelled job's batches too).
    if (outcome === 'done') this.measureSearchLag(organizationId);
    else void this.searchIndexer.request(organizationId);
    return outcome;
  }

  /**
   * A delivery threw: if it was the job's last allowed one without progress (counted in PostgreSQL,
   * not by Bull, so crashed deliveries count too), the job ends failed now. Not on shutdown.
   */
  private async failIfPoison(job: Job<ImportQueuePayload>, error: unknown): Promise<boolean> {
    const { importJobId } = job.data;
    if (error instanceof ImportInterruptedError) return false;
    const idle = await this.jobs.idleDeliveries(importJobId).catch(() => 0);
    if (idle < this.config.worker.attempts) {
      this.logger.warn(`Import job ${importJobId} delivery ${idle} without progress failed: ${(error as Error).message}`);
      return false;
    }
    this.logger.error(`Import job ${importJobId} failed after ${idle} deliveries without progress: ${(error as Error).stack}`);
    return this.failPoisoned(importJobId).catch((e: Error) => {
      this.logger.error(`Could not mark import job ${importJobId} failed: ${e.message}`);
      return false;
    });
  }

  /** Ends a poison job: failed/internal, and its stored file deleted in the same transaction. */
  private async failPoisoned(importJobId: string): Promise<boolean> {
    const marked = await this.dataSource.transaction(async (manager) => {
      if (!(await this.jobs.markFailed(manager, importJobId, 'internal', POISON_MESSAGE))) return false;
      await this.files.deleteFile(manager, importJobId);
      return true;
    });
    if (marked) this.metrics.jobsFinished.inc({ status: 'failed' });
    return marked;
  }

  /** `done` means written; full-text search follows once the indexer has caught up (import_search_lag_seconds). */
  private measureSearchLag(organizationId: string): void {
    const done = performance.now();
    void this.searchIndexer.request(organizationId).then((indexed) => {
      if (indexed) this.metrics.searchLag.observe((performance.now() - done) / 1000);
    });
  }

  private async enqueueNext(organizationId: string): Promise<void> {
    const next = await this.jobs.oldestUnfinished(this.dataSource.manager, organizationId);
    if (next) await this.producer.enqueueBestEffort({ importJobId: next.id, organizationId });
  }
}
