import type { DataSource, EntityManager } from 'typeorm';
import { ReadScope } from '../../database/read-scope/read-scope';

/**
 * Every table the search path reads is keyed by organization first (or by keys that embed it), so
 * a plan without sequential scans reads the organization's own rows only, however large the
 * organization is against the database and whatever the statistics say. A sequential scan of
 * product_search for an organization holding most of its rows reads every other organization's
 * rows too (to the end when a word is missing), and evicts their pages.
 */
export const OWN_ROWS_SETTING = 'SET LOCAL enable_seqscan = off';

const settled = new WeakSet<ReadScope>();

/**
 * From here to the end of the current read (its one READ ONLY transaction, see ReadScope), no
 * statement may be planned as a sequential scan. Outside a read nothing changes: use
 * readingOwnRows. Called before the query analyzer, so its statement is covered too.
 */
export async function ownRowsFromHere(dataSource: DataSource): Promise<void> {
  const scope = ReadScope.current();
  if (!scope || settled.has(scope)) return;
  settled.add(scope);
  await dataSource.query(OWN_ROWS_SETTING);
}

/** Runs a search-path read's statements under OWN_ROWS_SETTING: in the current read, or in a transaction of their own. */
export async function readingOwnRows<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  if (ReadScope.current()) {
    await ownRowsFromHere(dataSource);
    return work(dataSource.manager);
  }
  return dataSource.transaction(async (manager) => {
    await manager.query(OWN_ROWS_SETTING);
    return work(manager);
  });
}

/** Runs a query with named parameters (`:name`) on the manager. */
export function runNamed<T>(manager: EntityManager, sql: string, params: Record<string, unknown>): Promise<T[]> {
  const [text, values] = manager.connection.driver.escapeQueryWithParameters(sql, params);
  return manager.query(text, values);
}
