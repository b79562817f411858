import { SEARCH_TABLES, STALE_TABLES_SQL } from '../../src/catalog/stats/planner-statistics';
import { sleep } from '../../tools/harness/repo';
import { withClient } from './bench-db';

/**
 * Waits until the worker's work after an import is done: every product indexed for search, the search tables analyzed
 * (PlannerStatistics) and the organization's vocabulary walked (VocabularySweep), so searches are
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
      return unwalked.rowCount ? [...stale, 'vocabulary walk'] : stale;
    });
    if (pending.length === 0) return (performance.now() - started) / 1000;
    if (performance.now() - started > timeoutMs)
      throw new Error(`the catalog did not settle within ${timeoutMs} ms: ${pending.join(', ')}`);
    await sleep(250);
  }
}
