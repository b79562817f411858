import type { AppConfig } from '../common/config/app-config';

/**
 * A running import holds its organization lock's session, the transaction of the batch committing,
 * the hash lookup of the batch being prepared meanwhile, and the read of the stored file's next
 * chunk (read ahead while a chunk is applied).
 */
const CONNECTIONS_PER_IMPORT = 4;
/** The reconciler and the retention sweep. */
const WORKER_HOUSEKEEPING = 2;
/**
 * Kept for authentication, status polls and the other requests that are not bounded reads (each
 * holding a connection only per query), and for cancelling abandoned reads' statements.
 */
const API_REQUESTS = 6;

/**
 * The pool one process needs at most: every upload slot holds a connection for its transaction,
 * every read slot one for its ReadScope (READS_IN_FLIGHT_PER_PROCESS, readConnections), every
 * concurrent import CONNECTIONS_PER_IMPORT. Reads can hold no more than their share, so heavy
 * reads never take the connections of writes, status polls and authentication. Connections open on
 * demand, so an unused share (uploads and reads in a worker-only process) costs nothing.
 */
export function poolSize(config: AppConfig): number {
  const worker = config.worker.enabled ? config.worker.concurrency * CONNECTIONS_PER_IMPORT + WORKER_HOUSEKEEPING : 0;
  return config.uploads.slotsPerProcess + API_REQUESTS + readConnections(config) + worker;
}

/** The pool's share for bounded reads: one connection per read slot of the process. */
export function readConnections(config: AppConfig): number {
  return config.reads.inFlightPerProcess;
}

/**
 * Connections the search indexer may hold at once: SEARCH_INDEX_POOL_SHARE of the pool (reads' share aside), at least
 * one. The rest stays free for imports and requests however long the indexing backlog is.
 */
export function searchIndexConnections(config: AppConfig): number {
  // Of the pool beside the reads' share, which a worker-only process never uses.
  return Math.max(1, Math.floor((poolSize(config) - readConnections(config)) * config.worker.searchIndexPoolShare));
}
