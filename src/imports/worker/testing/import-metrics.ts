import { MetricsService } from '../../../common/metrics/metrics.service';
import { ImportMetricsService } from '../../queue/import-metrics.service';

/** The real import metrics on a registry of their own (cheap: no server, nothing shared). */
export function importMetrics(): ImportMetricsService {
  return new ImportMetricsService(new MetricsService());
}

/** import_products_total by outcome. */
export async function productsCounted(metrics: ImportMetricsService): Promise<Record<'indexed' | 'failed' | 'skipped', number>> {
  const counts = { indexed: 0, failed: 0, skipped: 0 };
  for (const { labels, value } of (await metrics.productsProcessed.get()).values) counts[labels.outcome as keyof typeof counts] = value;
  return counts;
}

/** import_jobs_finished_total by status. */
export async function jobsFinished(metrics: ImportMetricsService): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { labels, value } of (await metrics.jobsFinished.get()).values) counts[String(labels.status)] = value;
  return counts;
}
