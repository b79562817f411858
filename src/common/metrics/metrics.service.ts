import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics. Each process (API, worker) exposes its own registry;
 * Prometheus sums across them.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly importJobsFinished = new Counter({
    name: 'import_jobs_finished_total',
    help: 'Import jobs that reached a final status in this process',
    labelNames: ['status'] as const,
    registers: [this.registry],
  });

  readonly productsProcessed = new Counter({
    name: 'import_products_total',
    help: 'Uploaded elements processed, by outcome (indexed, skipped, failed)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly importDuration = new Histogram({
    name: 'import_duration_seconds',
    help: 'Wall time of one import run in this process, from claim to done/failed',
    buckets: [0.1, 0.5, 1, 2, 5, 10, 20, 40, 80, 160, 320],
    registers: [this.registry],
  });

  readonly searchLag = new Histogram({
    name: 'import_search_lag_seconds',
    help: "Seconds from an import job's done until full-text search finds all its organization's products (search vectors computed by this worker)",
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
    registers: [this.registry],
  });

  readonly foreignJobs = new Counter({
    name: 'import_foreign_jobs_total',
    help: "Bull deliveries of import jobs unknown to this deployment's database (another deployment shares the queue prefix); handed back to the queue",
    registers: [this.registry],
  });

  private queueCounts?: () => Promise<Record<string, number>>;

  readonly queueDepth = new Gauge({
    name: 'import_queue_depth',
    help: 'Bull jobs of the catalog-imports queue by state',
    labelNames: ['state'] as const,
    registers: [this.registry],
    // Read from Redis at scrape time; during a Redis outage the last values stay.
    collect: async () => {
      const counts = await this.queueCounts?.().catch(() => undefined);
      if (counts) for (const [state, value] of Object.entries(counts)) this.queueDepth.set({ state }, value);
    },
  });

  /** The jobs module tells where queue depth comes from (the catalog-imports queue). */
  setQueueCounts(source: () => Promise<Record<string, number>>): void {
    this.queueCounts = source;
  }

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }
}
