import type { AppConfig } from '../common/config/app-config';

/**
 * A running import holds its organization lock's session, the transaction of the batch committing,
 * the hash lookup of the batch being prepared meanwhile, and the read of the stored file's next
 * chunk (read ahead while a chunk is applied).
 */
const CONNECTIONS_PER_IMPORT = 4;
/** The reconciler and the retention sweep. */
const WORKER_HOUSEKEEPING = 2;
/** Authentication, status and catalog reads beside the uploads, each holding a connection only per query. */
const API_REQUESTS = 6;

/**
 * The pool one process needs at most: every upload slot holds a connection for its transaction,
 * every concurrent import CONNECTIONS_PER_IMPORT. Connections open on demand, so an unused share
 * (uploads in a worker-only process) costs nothing.
 */
export function poolSize(config: AppConfig): number {
  const worker = config.worker.enabled ? config.worker.concurrency * CONNECTIONS_PER_IMPORT + WORKER_HOUSEKEEPING : 0;
  return config.uploads.slotsPerProcess + API_REQUESTS + worker;
}

/**
 * Connections the search indexer may hold at once: SEARCH_INDEX_POOL_SHARE of the pool, at least
 * one. The rest stays free for imports and requests however long the indexing backlog is.
 */
export function searchIndexConnections(config: AppConfig): number {
  return Math.max(1, Math.floor(poolSize(config) * config.worker.searchIndexPoolShare));
}
