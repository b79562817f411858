import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, type BeforeApplicationShutdown, type OnModuleDestroy } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { SearchIndexerService } from '../../catalog/indexing/search-indexer.service';
import { VocabularySweepService } from '../../catalog/indexing/vocabulary-sweep.service';
import { SearchPartitionMoverService } from '../../catalog/partitions/search-partition-mover.service';
import { CatalogStatsRefresherService } from '../../catalog/stats/catalog-stats-refresher.service';
import { GinPendingListsService } from '../../catalog/stats/gin-pending-lists.service';
import { PlannerStatisticsService } from '../../catalog/stats/planner-statistics.service';
import { AppConfig } from '../../common/config/app-config';
import { IMPORT_QUEUE, type ImportQueuePayload } from '../queue/import-queue.constants';
import { ImportQueueProducer } from '../queue/import-queue.producer';
import { ImportReconcilerService } from './import-reconciler.service';
import { ImportRetentionService } from './import-retention.service';
import { ImportDeliveryProcessor, type ProcessResult } from './import-delivery.processor';
import { PassPacing } from './pass-pacing';

const DEFERRED_RETRY_MS = 1_000;
/** How soon catalog_overview's counts follow a finished import or a delete. */
const CATALOG_STATS_INTERVAL_MS = 1_000;
/** Between vocabulary sweep passes (at most VOCABULARY_SWEEP_WORDS words each): a changed 200,000-word vocabulary walked in under 4 minutes. */
const VOCABULARY_SWEEP_INTERVAL_MS = 2_000;
/** How soon the search tables are analyzed, and their GIN pending lists flushed, once an import (or a delete) changed them. */
const PLANNER_STATISTICS_INTERVAL_MS = 2_000;
/** How soon an organization past SEARCH_PARTITION_PRODUCTS starts moving to a search partition of its own. */
const SEARCH_PARTITIONS_INTERVAL_MS = 10_000;
/**
 * The share of the time the passes whose cost grows with a catalog (catalog counts, ANALYZE) may
 * take: beside a 1.6-million-product import, ANALYZE ran every 2–4 s and took half of a backend.
 */
const UPKEEP_SHARE = 0.1;

/**
 * Runs imports in this process: binds the processor to the queue, runs the reconciler and the
 * retention sweep at start and periodically, and on shutdown lets running imports checkpoint
 * before closing the queue.
 * Started explicitly (main.ts unless WORKER_ENABLED=false, worker.ts always).
 */
@Injectable()
export class ImportQueueConsumer implements OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger(ImportQueueConsumer.name);
  private timers: NodeJS.Timeout[] = [];
  private started = false;
  /**
   * The periodic passes running now, by name: one at a time each, since a pass may outlast its
   * interval (catalog counts over big catalogs, ANALYZE of a big table).
   */
  private readonly running = new Set<string>();
  private readonly catalogCountsPacing = new PassPacing(UPKEEP_SHARE);
  private readonly plannerStatisticsPacing = new PassPacing(UPKEEP_SHARE);
  private readonly pendingListsPacing = new PassPacing(UPKEEP_SHARE);

  constructor(
    @InjectQueue(IMPORT_QUEUE) private readonly queue: Queue<ImportQueuePayload>,
    private readonly config: AppConfig,
    private readonly processor: ImportDeliveryProcessor,
    private readonly reconciler: ImportReconcilerService,
    private readonly producer: ImportQueueProducer,
    private readonly retention: ImportRetentionService,
    private readonly searchIndexer: SearchIndexerService,
    private readonly catalogStats: CatalogStatsRefresherService,
    private readonly vocabulary: VocabularySweepService,
    private readonly plannerStatistics: PlannerStatisticsService,
    private readonly pendingLists: GinPendingListsService,
    private readonly searchPartitions: SearchPartitionMoverService,
  ) {}

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.queue.on('completed', (job: Job<ImportQueuePayload>, result: ProcessResult) => {
      // A deferred job waits behind another import of its organization: look again shortly.
      if (result === 'deferred') void this.producer.enqueueBestEffort(job.data, DEFERRED_RETRY_MS);
    });
    this.queue.on('failed', (job: Job<ImportQueuePayload>) => {
      // Bull's retries ran out before the PostgreSQL count ended the job: hand it out again (fresh
      // Bull attempts); the processor decides from PostgreSQL whether it is poison.
      if (job.attemptsMade >= (job.opts.attempts ?? 1)) void this.producer.enqueueBestEffort(job.data, DEFERRED_RETRY_MS);
    });
    this.queue.on('error', (error) => this.logger.warn(`Queue error: ${error.message}`));
    void this.queue.process(this.config.worker.concurrency, (job: Job<ImportQueuePayload>) => this.processor.process(job));
    await this.reconcileSafely();
    void this.sweepSafely();
    void this.indexSafely();
    this.every(this.config.worker.reconcileIntervalMs, () => this.reconcileSafely());
    this.every(this.config.worker.retentionIntervalMs, () => this.sweepSafely());
    // Products a crashed worker left without search vectors (the indexer's own requests cover the rest).
    this.every(this.config.worker.reconcileIntervalMs, () => this.indexSafely());
    this.every(CATALOG_STATS_INTERVAL_MS, () =>
      this.alone('Catalog counts pass', () => this.catalogStats.refresh(), this.catalogCountsPacing),
    );
    this.every(VOCABULARY_SWEEP_INTERVAL_MS, () => this.alone('Search vocabulary sweep', () => this.vocabulary.pass()));
    this.every(PLANNER_STATISTICS_INTERVAL_MS, () =>
      this.alone('Planner statistics pass', () => this.plannerStatistics.refreshStale(), this.plannerStatisticsPacing),
    );
    this.every(PLANNER_STATISTICS_INTERVAL_MS, () =>
      this.alone('GIN pending lists pass', () => this.pendingLists.flushSettled(), this.pendingListsPacing),
    );
    this.every(SEARCH_PARTITIONS_INTERVAL_MS, () => this.alone('Search partitions pass', () => this.searchPartitions.pass()));
  }

  /**
   * The first shutdown hook: running imports stop at their next batch boundary at once, not only
   * once other modules' shutdown hooks (run one module after another) have finished.
   */
  onModuleDestroy(): void {
    if (this.started) this.processor.stop();
  }

  async beforeApplicationShutdown(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    if (!this.started) return;
    this.processor.stop();
    // Waits for active imports, which stop after their current batch (checkpointed).
    await this.queue.close().catch((error: Error) => this.logger.warn(`Queue close: ${error.message}`));
  }

  private every(intervalMs: number, task: () => Promise<void>): void {
    const timer = setInterval(() => void task(), intervalMs);
    timer.unref();
    this.timers.push(timer);
  }

  private async sweepSafely(): Promise<void> {
    try {
      await this.retention.sweep();
    } catch (error) {
      this.logger.warn(`Retention sweep failed: ${(error as Error).message}`);
    }
  }

  private async indexSafely(): Promise<void> {
    try {
      await this.searchIndexer.sweep();
    } catch (error) {
      this.logger.warn(`Search index sweep failed: ${(error as Error).message}`);
    }
  }

  /**
   * Runs `pass` unless the pass of that name is still running or, given its `pacing`, still
   * resting; a failure is logged, never thrown.
   */
  private async alone(name: string, pass: () => Promise<unknown>, pacing?: PassPacing): Promise<void> {
    if (this.running.has(name) || (pacing && !pacing.due)) return;
    this.running.add(name);
    const started = Date.now();
    try {
      await pass();
    } catch (error) {
      this.logger.warn(`${name} failed: ${(error as Error).message}`);
    } finally {
      pacing?.ended(started);
      this.running.delete(name);
    }
  }

  private async reconcileSafely(): Promise<void> {
    try {
      await this.reconciler.reconcile();
    } catch (error) {
      this.logger.warn(`Reconciler pass failed: ${(error as Error).message}`);
    }
  }
}
