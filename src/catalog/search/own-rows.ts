import type { DataSource, EntityManager } from 'typeorm';

/**
 * Runs the statements of one search-path read in a transaction where the planner may not scan a
 * table sequentially. Every table the search path reads is keyed by organization first (or by keys
 * that embed it), so without sequential scans each plan reads the organization's own rows only,
 * however large the organization is against the database and whatever the statistics say (a
 * sequential scan of product_search for an organization holding most of its rows reads every other
 * organization's rows too, and evicts their pages).
 */
export function readingOwnRows<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  return dataSource.transaction(async (manager) => {
    await manager.query(OWN_ROWS_SETTING);
    return work(manager);
  });
}

export const OWN_ROWS_SETTING = 'SET LOCAL enable_seqscan = off';

/** Runs a query with named parameters (`:name`) on the manager. */
export function runNamed<T>(manager: EntityManager, sql: string, params: Record<string, unknown>): Promise<T[]> {
  const [text, values] = manager.connection.driver.escapeQueryWithParameters(sql, params);
  return manager.query(text, values);
}
