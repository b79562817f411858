import { Injectable, Logger, Optional } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { BatchDiff } from '../pipeline/batch-diff';
import { ImportBatchService } from '../pipeline/import-batch.service';
import { roomUnder } from '../pipeline/product-quota';
import type { RawElement } from '../pipeline/raw-element';
import type { StoredHashes } from '../../catalog/product-write';
import { AppConfig } from '../../common/config/app-config';
import { ReplicaFencesService } from '../../database/replicas/replica-fences.service';
import type { ImportFailureType } from '../jobs/entities/import-job-status';
import { ImportMetricsService } from '../queue/import-metrics.service';
import type { ImportJob } from '../jobs/entities/import-job.entity';
import { FileFormatError } from '../pipeline/parsing/file-format-error';
import { feedColumnOf, feedReader } from '../pipeline/formats/feed-readers';
import type { ImportErrorRow } from '../jobs/import-error-rows';
import { ImportErrorRepository } from '../jobs/repositories/import-error.repository';
import { ImportFileRepository } from '../jobs/repositories/import-file.repository';
import { ImportJobIdsRepository } from '../jobs/repositories/import-job-ids.repository';
import { ImportJobRepository } from '../jobs/repositories/import-job.repository';
import { BatchCutter } from '../pipeline/batch-cutter';
import { countElements, countElementsRecordingIds } from '../pipeline/file-scan';
import { massDeleteRefusal } from './mass-delete-refusal';
import { yieldToEventLoop } from '../../common/async/map-in-slices';
import { ConcurrentProgressError, ImportCancelledError, ImportInterruptedError } from './worker-errors';

export type RunOutcome = 'done' | 'failed';

interface InFlightBatch {
  commit: Promise<void>;
  /** Hashes the batch writes, for preparing the next batch before this one has committed. */
  written: Map<string, StoredHashes>;
}

/**
 * Runs one import job that the caller has claimed (organization lock held, status processing):
 * scan pass, then apply pass in batches, each batch committed in one transaction with its
 * counters and cursor. Resumes from the job's cursor. A replace import records the file's ids in
 * the scan pass, is refused there if it would delete too much, and deletes the products its file
 * does not name in the transaction that ends it done. A cancel request ends the job at the next
 * batch boundary (the batch and final updates refuse to apply once it is set).
 */
@Injectable()
export class ImportJobRunnerService {
  private readonly logger = new Logger(ImportJobRunnerService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly jobs: ImportJobRepository,
    private readonly files: ImportFileRepository,
    private readonly errors: ImportErrorRepository,
    private readonly batches: ImportBatchService,
    private readonly metrics: ImportMetricsService,
    private readonly ids: ImportJobIdsRepository,
    @Optional() private readonly fences?: ReplicaFencesService,
  ) {}

  async run(job: ImportJob, shouldStop: () => boolean): Promise<RunOutcome> {
    try {
      if (job.cancelRequestedAt) throw new ImportCancelledError(job.id);
      if (job.cursor === 0) {
        // Nothing written yet: the whole file is checked first, so a bad file changes nothing. The
        // upload checked and counted it as it stored it; a replace import's scan also records ids.
        const total = job.mode !== 'replace' && job.scannedTotal !== null ? job.scannedTotal : await this.scan(job);
        if (total === null) return 'failed';
        job.total = total;
        await this.jobs.setTotal(this.dataSource.manager, job.id, total);
      }
      await this.apply(job, shouldStop);
      await this.finishDone(job);
      return 'done';
    } catch (error) {
      if (!(error instanceof ImportCancelledError)) throw error;
      return this.finishCancelled(job);
    }
  }

  /** processing → done; a replace import's deletions commit with it, or not at all. */
  private async finishDone(job: ImportJob): Promise<void> {
    const finished = await this.lastTransaction(job, async (manager) => {
      if (!(await this.jobs.markDone(manager, job.id))) return false;
      if (job.mode === 'replace') {
        const deleted = await this.ids.deleteAbsentProducts(manager, job.organizationId, job.id);
        await this.jobs.recordDeleted(manager, job.id, deleted);
      }
      await this.files.deleteFile(manager, job.id);
      return true;
    });
    if (!finished) throw await this.refusalCause(job, job.cursor);
  }

  /** Ends the job failed/cancelled: what committed batches applied stays (and counted); nothing else runs. */
  private async finishCancelled(job: ImportJob): Promise<RunOutcome> {
    const applied = await this.lastTransaction(job, async (manager) => {
      const message =
        job.cursor === 0
          ? 'Cancelled on request before any product was applied'
          : `Cancelled on request after ${job.cursor.toLocaleString('en-US')} of ${job.total.toLocaleString('en-US')} elements; ` +
            'the batches committed before it stay applied' +
            (job.mode === 'replace' ? ' and no product was deleted' : '');
      const marked = await this.jobs.markFailed(manager, job.id, 'cancelled', message);
      if (marked) await this.files.deleteFile(manager, job.id);
      return marked;
    });
    if (!applied) throw new ConcurrentProgressError(job.id, job.cursor);
    this.logger.log(`Import job ${job.id} cancelled at element ${job.cursor}`);
    return 'failed';
  }

  /**
   * The transaction that ends the job: replica reads of the organization go to the primary until it
   * has committed and its WAL position is the organization's fence, so whoever sees the job
   * finished never reads its products from a replica that lacks them.
   */
  private lastTransaction<T>(job: ImportJob, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const commit = () => this.dataSource.transaction(work);
    return this.fences ? this.fences.around(job.organizationId, commit) : commit();
  }

  /** A guarded update changed nothing: a cancel request, or another delivery moved the job on. */
  private async refusalCause(job: ImportJob, cursor: number): Promise<Error> {
    return (await this.jobs.cancelRequested(job.id)) ? new ImportCancelledError(job.id) : new ConcurrentProgressError(job.id, cursor);
  }

  private async scan(job: ImportJob): Promise<number | null> {
    let total: number;
    try {
      if (job.mode === 'replace') await this.ids.clear(job.id); // a redelivery scans again from nothing
      total =
        job.mode === 'replace'
          ? await countElementsRecordingIds(this.files.readChunks(job.id), (productIds) => this.ids.add(job.id, productIds), job.format)
          : await countElements(this.files.readChunks(job.id, { readAhead: true }), job.format);
    } catch (error) {
      if (!(error instanceof FileFormatError)) throw error;
      await this.fail(job, error.type, error.message);
      return null;
    }
    if (job.mode === 'replace') {
      // Decided before any write; nothing else writes the organization's catalog until this job ends
      // (imports and product deletes take the organization lock), so the decision still holds then.
      const effect = await this.ids.replaceEffect(job.organizationId, job.id);
      const refusal = massDeleteRefusal({
        ...effect,
        maxRatio: this.config.catalog.replaceMaxDeleteRatio,
        allowMassDelete: job.allowMassDelete,
      });
      if (refusal !== null) {
        await this.fail(job, 'mass_delete_refused', refusal);
        return null;
      }
    }
    return total;
  }

  private async fail(job: ImportJob, type: ImportFailureType, message: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.jobs.markFailed(manager, job.id, type, message);
      await this.files.deleteFile(manager, job.id);
    });
    this.logger.log(`Import job ${job.id} failed: ${type}: ${message}`);
  }

  /**
   * Batches are committed in file order, one transaction at a time, but batch N+1 is parsed,
   * looked up and validated while batch N's transaction runs in PostgreSQL (two processes, two
   * cores). What N writes is handed to N+1's preparation, so duplicates across the boundary
   * compare with the right state.
   */
  private async apply(job: ImportJob, shouldStop: () => boolean): Promise<void> {
    const reader = feedReader(job.format, { emitFrom: job.cursor, declaredLanguage: job.language === null });
    let inFlight = null as InFlightBatch | null;
    // Counted once: nothing else adds products to the organization while its import runs (the lock).
    let stored = await this.productsAfterJob(job);
    const limit = this.config.quotas.products;
    const submit = async (batch: RawElement[]) => {
      const quota = roomUnder(limit, stored);
      const diff = await this.batches.prepare(this.dataSource.manager, job.organizationId, batch, inFlight?.written, quota);
      stored += ImportBatchService.created(diff);
      if (inFlight) await inFlight.commit;
      if (shouldStop()) throw new ImportInterruptedError(job.id);
      const commit = this.commitBatch(job, batch, diff);
      commit.catch(() => undefined); // awaited by the next submit or at the end; never unhandled meanwhile
      inFlight = { commit, written: ImportBatchService.written(diff) };
    };
    const cutter = new BatchCutter({ maxProducts: this.config.worker.batchSize, maxBytes: this.config.worker.batchBytes });
    let batch: RawElement[] = [];
    // A resumed job reads the file again from its start and skips the elements already committed.
    for await (const elements of reader.read(this.files.readChunks(job.id, { readAhead: true }))) {
      for (const element of elements) {
        if (element.index < job.cursor) continue;
        batch.push(element);
        if (cutter.add(element)) {
          await submit(batch);
          batch = [];
        }
      }
      // The in-flight batch commits meanwhile, and each of its statements waits for a turn of the
      // event loop, which a reader working through a stored chunk's pieces (microtasks only) does not
      // give: a 50 MiB XML import spent 0.56-0.70 s of its 2.9 s waiting for commits, 2-6 ms with this.
      if (inFlight) await yieldToEventLoop();
    }
    if (batch.length > 0) await submit(batch);
    if (inFlight) await inFlight.commit;
  }

  /**
   * The products the organization will hold when the job ends, before its remaining batches: all of
   * them in merge mode; in replace mode only those its file names (the others are deleted at the end).
   */
  private async productsAfterJob(job: ImportJob): Promise<number> {
    if (job.mode !== 'replace') return this.batches.countProducts(job.organizationId);
    const effect = await this.ids.replaceEffect(job.organizationId, job.id);
    return effect.catalogSize - effect.absent;
  }

  /**
   * Product writes, error rows, counters and cursor: one transaction, applied once. Error details
   * are kept for the job's first IMPORT_ERROR_DETAILS_LIMIT failed elements; how many came before
   * this batch is read from the committed failed_count, so a resumed job keeps exactly the same rows.
   */
  protected async commitBatch(job: ImportJob, batch: RawElement[], diff: BatchDiff): Promise<void> {
    const fromCursor = job.cursor;
    const toCursor = batch[batch.length - 1].index + 1;
    const committed = await this.dataSource.transaction(async (manager) => {
      const failedBefore = await this.jobs.advance(manager, job.id, {
        fromCursor,
        toCursor,
        indexed: diff.indexed,
        failed: diff.failed,
        skipped: diff.skipped,
      });
      if (failedBefore === null) return false;
      await this.batches.write(manager, job.organizationId, job.id, diff, job.language);
      const room = Math.max(0, this.config.worker.errorDetailsLimit - failedBefore);
      await this.errors.insertMany(manager, job.id, this.errorRows(job, batch, diff.invalid.slice(0, room)));
      return true;
    });
    if (!committed) throw await this.refusalCause(job, fromCursor);
    job.cursor = toCursor;
    this.metrics.productsProcessed.inc({ outcome: 'indexed' }, diff.indexed);
    this.metrics.productsProcessed.inc({ outcome: 'skipped' }, diff.skipped);
    this.metrics.productsProcessed.inc({ outcome: 'failed' }, diff.failed);
  }

  /** Error rows with where each failed element is in the feed: its line, and each error's column. */
  private errorRows(job: ImportJob, batch: RawElement[], invalid: BatchDiff['invalid']): ImportErrorRow[] {
    if (job.format === 'json') return invalid.map((e) => ({ index: e.index, productId: e.productId, errors: e.errors }));
    const first = batch[0].index;
    return invalid.map((e) => {
      const line = batch[e.index - first]?.line;
      const errors = e.errors.map((error) => {
        const column = feedColumnOf(job.format, error.field);
        return { ...error, ...(line === undefined ? {} : { line }), ...(column === null ? {} : { column }) };
      });
      return { index: e.index, productId: e.productId, errors };
    });
  }
}
