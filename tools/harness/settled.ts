import { cleanSearchPendingLists, SEARCH_GIN_INDEXES_SQL } from '../../src/catalog/stats/gin-pending-lists.service';
import { SEARCH_TABLES, STALE_TABLES_SQL } from '../../src/catalog/stats/planner-statistics.service';
import { sleep } from './repo';
import type { Client } from 'pg';
import { withClient } from './bench-db';

/**
 * Waits until the worker's work after an import is done: every product indexed for search, the search tables analyzed
 * (PlannerStatisticsService), their GIN pending lists flushed (GinPendingListsService; read with pgstattuple, skipped where the
 * extension cannot be created) and the organization's vocabulary walked (VocabularySweepService), so searches are
 * timed as they are served a few seconds after an import, not beside that work. Returns the
 * seconds waited; throws after `timeoutMs`.
 */
export async function waitForSettledCatalog(databaseUrl: string, organizationId: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const pending = await withClient(databaseUrl, async (c) => {
      const indexing = await c.query(`SELECT 1 FROM product_search_pending LIMIT 1`);
      if (indexing.rowCount) return ['search indexing'];
      const stale = (await c.query<{ table: string }>(STALE_TABLES_SQL, [SEARCH_TABLES])).rows.map((r) => `statistics of ${r.table}`);
      const unwalked = await c.query(
        `SELECT 1 FROM catalog_stats WHERE organization_id = $1 AND vocabulary_version IS DISTINCT FROM version`,
        [organizationId],
      );
      const pendingLists = (await pendingGinTuples(c)) > 0 ? ['GIN pending lists'] : [];
      return unwalked.rowCount ? [...stale, ...pendingLists, 'vocabulary walk'] : [...stale, ...pendingLists];
    });
    if (pending.length === 0) return (performance.now() - started) / 1000;
    if (performance.now() - started > timeoutMs)
      throw new Error(`the catalog did not settle within ${timeoutMs} ms: ${pending.join(', ')}`);
    await sleep(250);
  }
}

/** Entries waiting in the search tables' GIN pending lists (0 when pgstattuple is not available). */
async function pendingGinTuples(c: Client): Promise<number> {
  try {
    await c.query('CREATE EXTENSION IF NOT EXISTS pgstattuple');
  } catch {
    return 0;
  }
  const indexes = (await c.query<{ index: string }>(SEARCH_GIN_INDEXES_SQL, [SEARCH_TABLES])).rows.map((r) => r.index);
  let pending = 0;
  for (const index of indexes)
    pending += (await c.query<{ n: number }>(`SELECT (pgstatginindex($1::regclass)).pending_tuples::int AS n`, [index])).rows[0].n;
  return pending;
}

/**
 * What GinPendingListsService does after an import, for an older build without it (BENCH_SERVICE_ROOT), so
 * that both builds of an A/B run are timed on the same index state, not on where the import's last
 * flush happened to fall (docs/performance.md, "GIN pending lists").
 */
export async function flushGinPendingLists(databaseUrl: string): Promise<void> {
  await withClient(databaseUrl, (c) => cleanSearchPendingLists(async (sql, params) => (await c.query(sql, params)).rows));
}
