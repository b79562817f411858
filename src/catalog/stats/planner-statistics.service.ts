import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PLANNER_STATISTICS_LOCK_NAMESPACE } from '../../database/organization-lock-key';

/** The tables whose statistics choose the search path's plans (which index a filtered search reads first). */
export const SEARCH_TABLES = ['product_search', 'products', 'search_vocabulary'] as const;

/**
 * A table is stale once this many rows plus this share of its rows changed since its last ANALYZE:
 * autovacuum's own defaults (autovacuum_analyze_threshold, autovacuum_analyze_scale_factor).
 */
const STALE_ROWS = 50;
const STALE_SHARE = 0.1;

/**
 * The tables of `$1` (table names), a partitioned one as its partitions: statistics live there, and
 * a search pruned to one partition is planned with that partition's (docs/operations.md "Search partitions").
 */
export const SEARCH_LEAVES_CTE = `
  leaves AS (
    SELECT coalesce(t.relid, to_regclass(n.name)) AS relid
      FROM unnest($1::text[]) AS n(name) LEFT JOIN LATERAL pg_partition_tree(to_regclass(n.name)) AS t ON true
     WHERE t.relid IS NULL OR t.isleaf
  )`;

/** The search tables (partitions) whose statistics are stale: `$1` the table names. */
export const STALE_TABLES_SQL = `
  WITH ${SEARCH_LEAVES_CTE}
  SELECT s.relname::text AS table FROM pg_stat_user_tables s JOIN leaves l ON l.relid = s.relid
   WHERE s.n_mod_since_analyze > ${STALE_ROWS} + ${STALE_SHARE} * s.n_live_tup
   ORDER BY s.relname`;

/** ANALYZE reads a sample of 30,000 rows at most (default_statistics_target 100): seconds at 10 M products. */
const ANALYZE_TIMEOUT_MS = 300_000;

/**
 * Analyzes the search tables once enough of their rows changed, as autovacuum would, so that a
 * catalog imported a moment ago is searched with plans made for it. Without statistics PostgreSQL
 * guesses every filter at a fraction of a percent: a filtered search read a 58,000-product
 * organization's in-stock rows (52,000) through the availability index and tested each against
 * the query words, 30 ms per statement where the full-text index answers in 3 (docs/performance.md).
 * On a database whose autovacuum keeps up, a pass finds nothing to do. One worker at a time.
 */
@Injectable()
export class PlannerStatisticsService {
  private readonly logger = new Logger(PlannerStatisticsService.name);

  constructor(private readonly dataSource: DataSource) {}

  /** One pass; returns the tables it analyzed. */
  refreshStale(): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      const [{ locked }] = (await manager.query(`SELECT pg_try_advisory_xact_lock($1, 0) AS locked`, [
        PLANNER_STATISTICS_LOCK_NAMESPACE,
      ])) as Array<{
        locked: boolean;
      }>;
      if (!locked) return [];
      const stale = ((await manager.query(STALE_TABLES_SQL, [SEARCH_TABLES])) as Array<{ table: string }>).map((r) => r.table);
      if (stale.length === 0) return [];
      // An ANALYZE waits for a table lock held by someone else (a migration, a VACUUM FULL): give up at once, the next pass retries.
      await manager.query(`SET LOCAL lock_timeout = '1s'`);
      await manager.query(`SET LOCAL statement_timeout = ${ANALYZE_TIMEOUT_MS}`);
      for (const table of stale) await manager.query(`ANALYZE "${table}"`); // SEARCH_TABLES and their partitions only
      this.logger.log(`Planner statistics refreshed: ${stale.join(', ')}`);
      return stale;
    });
  }
}
