import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram } from 'prom-client';
import { MetricsService } from '../../common/metrics/metrics.service';

/** The import_* metrics of this process, on its shared registry (the queue's depth is in queue-metrics.service.ts). */
@Injectable()
export class ImportMetricsService {
  readonly jobsFinished: Counter<'status'>;
  readonly productsProcessed: Counter<'outcome'>;
  readonly duration: Histogram;
  /** An import's done → all of its organization's products searchable (the search indexer caught up). */
  readonly searchLag: Histogram;
  readonly foreignJobs: Counter;
  /** 1 while the fast product check runs; 0 when its rules drifted from ProductDto (see FastPathReportService). */
  readonly fastPathEnabled: Gauge;

  constructor(metrics: MetricsService) {
    const registers = [metrics.registry];
    this.jobsFinished = new Counter({
      name: 'import_jobs_finished_total',
      help: 'Import jobs that reached a final status in this process',
      labelNames: ['status'] as const,
      registers,
    });
    this.productsProcessed = new Counter({
      name: 'import_products_total',
      help: 'Uploaded elements processed, by outcome (indexed, skipped, failed)',
      labelNames: ['outcome'] as const,
      registers,
    });
    this.duration = new Histogram({
      name: 'import_duration_seconds',
      help: 'Wall time of one import run in this process, from claim to done/failed',
      buckets: [0.1, 0.5, 1, 2, 5, 10, 20, 40, 80, 160, 320],
      registers,
    });
    this.searchLag = new Histogram({
      name: 'import_search_lag_seconds',
      help: "Seconds from an import job's done until full-text search finds all its organization's products (search vectors computed by this worker)",
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
      registers,
    });
    this.foreignJobs = new Counter({
      name: 'import_foreign_jobs_total',
      help: "Bull deliveries of import jobs unknown to this deployment's database (another deployment shares the queue prefix); handed back to the queue",
      registers,
    });
    this.fastPathEnabled = new Gauge({
      name: 'import_fast_path_enabled',
      help: '1 when the fast product check runs; 0 when its rules differ from ProductDto and every product takes the reference path',
      registers,
    });
  }
}
