import type { Client } from 'pg';

/**
 * Scans of the catalog tables counted by one server, from its own statistics (a standby keeps its
 * own): every search, facet and product read scans `products` or a partition of `product_search`; the router's
 * probes touch neither. A fresh snapshot each call (stats are cached per transaction).
 */
export async function catalogScans(client: Client): Promise<number> {
  await client.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ scans: string }>(
    `SELECT coalesce(sum(coalesce(seq_scan, 0) + coalesce(idx_scan, 0)), 0)::text AS scans
       FROM pg_stat_user_tables WHERE relname = 'products' OR relid IN (SELECT relid FROM pg_partition_tree('product_search'))`,
  );
  return Number(rows[0].scans);
}

/** Sequential and index scans of one table of the service database on this server. */
export async function tableScans(client: Client, table: string): Promise<number> {
  await client.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ scans: string }>(
    `SELECT coalesce(sum(coalesce(seq_scan, 0) + coalesce(idx_scan, 0)), 0)::text AS scans FROM pg_stat_user_tables WHERE relname = $1`,
    [table],
  );
  return Number(rows[0].scans);
}
