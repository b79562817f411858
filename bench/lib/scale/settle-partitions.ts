import { sleep } from '../../../tools/harness/repo';
import { withClient } from '../../../tools/harness/bench-db';
import { loadConfig } from '../../../src/common/config/load-config';
import { round } from '../report';
import { SERVICE_ROOT } from '../service-stack';
import { REPO_ROOT } from '../../../tools/harness/repo';

/** SEARCH_PARTITION_PRODUCTS as the bench's service runs it (its default: the service's environment does not set it). */
const PARTITION_PRODUCTS = loadConfig({}).catalog.partitionProducts;
const POLL_MS = 1_000;

export interface PartitionSettle {
  /** Organizations with a search partition of their own once settled. */
  own: number;
  /** Seconds until the worker had moved every organization past the threshold (0: none left to move). */
  settle_s: number;
}

/**
 * The organizations past SEARCH_PARTITION_PRODUCTS (by catalog_counts, which PostgreSQL keeps
 * whoever writes products, the bench's COPY included) move to search partitions of their own (the
 * worker's pass) before any read is timed: waits for the moves and times them.
 */
export async function settlePartitions(databaseUrl: string, log: (line: string) => void, timeoutS = 7_200): Promise<PartitionSettle> {
  return withClient(databaseUrl, async (client) => {
    const started = performance.now();
    const {
      rows: [{ partitioned }],
    } = await client.query<{ partitioned: boolean }>(`SELECT to_regclass('search_partitions') IS NOT NULL AS partitioned`);
    // An older build (BENCH_SERVICE_ROOT) moves nothing: its reads are timed on the shared partition, as before partitions.
    if (!partitioned || SERVICE_ROOT !== REPO_ROOT) return { own: 0, settle_s: 0 };
    for (;;) {
      const {
        rows: [{ own, waiting }],
      } = await client.query<{ own: number; waiting: number }>(
        `SELECT (SELECT count(*)::int FROM search_partitions WHERE state = 'own') AS own,
                (SELECT count(*)::int FROM catalog_counts c WHERE c.products >= $1 AND NOT EXISTS (
                   SELECT 1 FROM search_partitions p WHERE p.organization_id = c.organization_id AND p.state = 'own')) AS waiting`,
        [PARTITION_PRODUCTS],
      );
      const elapsed = (performance.now() - started) / 1000;
      if (waiting === 0) return { own, settle_s: round(elapsed, 1) };
      if (elapsed > timeoutS) throw new Error(`${waiting} organizations still not in their own search partition after ${timeoutS} s`);
      if (Math.floor(elapsed) % 30 === 0)
        log(`search partitions: ${waiting} organizations waiting to move, ${own} moved (${round(elapsed, 0)} s)`);
      await sleep(POLL_MS);
    }
  });
}
