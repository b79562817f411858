import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PLANNER_STATISTICS_LOCK_NAMESPACE } from '../../database/organization-lock-key';
import { SEARCH_LEAVES_CTE, SEARCH_TABLES } from './planner-statistics.service';

/** The GIN indexes of the search tables (of their partitions, where partitioned): `$1` the table names. */
export const SEARCH_GIN_INDEXES_SQL = `
  WITH ${SEARCH_LEAVES_CTE}
  SELECT i.indexrelid::regclass::text AS index
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
    JOIN leaves l ON l.relid = i.indrelid
   WHERE a.amname = 'gin'
   ORDER BY 1`;

/** Runs one statement (TypeORM's `query`, or a pg client's rows): the flush is shared with the bench. */
export type RowsQuery = <T>(sql: string, params: unknown[]) => Promise<T[]>;

/**
 * Moves every search GIN index's pending entries into the index; returns those whose list held
 * entries, as `index (N pages)`.
 */
export async function cleanSearchPendingLists(query: RowsQuery): Promise<string[]> {
  const indexes = (await query<{ index: string }>(SEARCH_GIN_INDEXES_SQL, [SEARCH_TABLES])).map((r) => r.index);
  const flushed: string[] = [];
  for (const index of indexes) {
    const [{ pages }] = await query<{ pages: number }>(`SELECT gin_clean_pending_list($1::regclass)::int AS pages`, [index]);
    if (pages > 0) flushed.push(`${index} (${pages} pages)`);
  }
  return flushed;
}

/** Rows written to the search tables so far: whether anything can have reached a pending list since the last flush. */
const WRITES_SQL = `
  WITH ${SEARCH_LEAVES_CTE}
  SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::text AS writes
    FROM pg_stat_user_tables s JOIN leaves l ON l.relid = s.relid`;

/** While indexing goes on for longer than this, the lists are flushed anyway (inserts flush them at 4 MB too). */
const FLUSH_DURING_INDEXING_MS = 60_000;

/** The advisory lock's second key under PLANNER_STATISTICS_LOCK_NAMESPACE (ANALYZE takes 0). */
const FLUSH_LOCK_KEY = 1;

/**
 * Moves the entries waiting in the search tables' GIN pending lists into the indexes once indexing
 * has drained (`gin_clean_pending_list`), as autovacuum would. New entries wait in a list that every
 * search through the index reads whole, until it passes `gin_pending_list_limit` (4 MB) or autovacuum
 * runs: an import left up to 4 MB there, and how much depended on where its last flush fell. With a
 * nearly full list a natural-language search took 95 ms p50 where it took 53 ms after the flush
 * (docs/performance.md, "GIN pending lists"): the "two modes" of a fresh database. One worker at a
 * time; a database role that does not own the indexes (the flush needs it) gets a warning once and
 * searches as before.
 */
@Injectable()
export class GinPendingListsService {
  private readonly logger = new Logger(GinPendingListsService.name);
  private flushedAtWrites: string | null = null;
  private flushedAt = Date.now();
  private disabled = false;

  constructor(private readonly dataSource: DataSource) {}

  /** One pass; returns the indexes whose lists held entries (none when nothing was written since the last flush, or indexing still runs). */
  async flushSettled(): Promise<string[]> {
    if (this.disabled) return [];
    const [{ writes }] = (await this.dataSource.query(WRITES_SQL, [SEARCH_TABLES])) as Array<{ writes: string }>;
    if (writes === this.flushedAtWrites) return [];
    const indexing = ((await this.dataSource.query(`SELECT 1 FROM product_search_pending LIMIT 1`)) as unknown[]).length > 0;
    if (indexing && Date.now() - this.flushedAt < FLUSH_DURING_INDEXING_MS) return [];
    try {
      const flushed = await this.flushAll();
      if (flushed === null) return [];
      this.flushedAtWrites = writes;
      this.flushedAt = Date.now();
      return flushed;
    } catch (error) {
      if ((error as { code?: string }).code !== '42501') throw error;
      this.disabled = true;
      this.logger.warn(
        `GIN pending lists are not flushed after imports: the database role does not own the search indexes (${(error as Error).message}); searches right after an import may be slower until autovacuum flushes them`,
      );
      return [];
    }
  }

  /** Flushes every search GIN index and returns those whose list held entries, or null when another worker holds the pass. */
  private flushAll(): Promise<string[] | null> {
    return this.dataSource.transaction(async (manager) => {
      const [{ locked }] = (await manager.query(`SELECT pg_try_advisory_xact_lock($1, $2) AS locked`, [
        PLANNER_STATISTICS_LOCK_NAMESPACE,
        FLUSH_LOCK_KEY,
      ])) as Array<{ locked: boolean }>;
      if (!locked) return null;
      const flushed = await cleanSearchPendingLists((sql, params) => manager.query(sql, params));
      if (flushed.length > 0) this.logger.log(`GIN pending lists flushed: ${flushed.join(', ')}`);
      return flushed;
    });
  }
}
