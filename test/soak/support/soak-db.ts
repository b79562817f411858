import { Pool } from 'pg';
import { canonical } from '../../faults/support/model';

/**
 * Direct reads of the soak's database: the end state and the figures. Only the service's durable
 * tables and `product_search_pending` are read, never other search internals (they change).
 */
export class SoakDb {
  private readonly pool: Pool;
  private pendingByOrganization: boolean | null = null;

  constructor(readonly url: string) {
    this.pool = new Pool({ connectionString: url, max: 3, connectionTimeoutMillis: 3_000, application_name: 'soak-harness' });
    // PostgreSQL restarts are part of the run: a dropped idle connection must not crash the harness.
    this.pool.on('error', () => undefined);
  }

  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool.query(sql, params)).rows as T[];
  }

  async count(sql: string, params: unknown[] = []): Promise<number> {
    const [row] = await this.query<{ n: string }>(sql, params);
    return Number(row.n);
  }

  /** Pending search entries of one organization (all of them if the table has no organization column). */
  async searchBacklog(organizationId: string): Promise<number> {
    this.pendingByOrganization ??=
      (await this.count(
        `SELECT count(*) AS n FROM information_schema.columns WHERE table_name = 'product_search_pending' AND column_name = 'organization_id'`,
      )) > 0;
    return this.pendingByOrganization
      ? this.count('SELECT count(*) AS n FROM product_search_pending WHERE organization_id = $1', [organizationId])
      : this.count('SELECT count(*) AS n FROM product_search_pending');
  }

  /** product_id → canonical JSON of data. */
  async catalog(organizationId: string): Promise<Map<string, string>> {
    const rows = await this.query<{ product_id: string; data: unknown }>(
      'SELECT product_id, data FROM products WHERE organization_id = $1',
      [organizationId],
    );
    return new Map(rows.map((r) => [r.product_id, canonical(r.data)]));
  }

  async jobIds(organizationId: string): Promise<string[]> {
    return (await this.query<{ id: string }>('SELECT id FROM import_jobs WHERE organization_id = $1', [organizationId])).map((r) => r.id);
  }

  /** One sample of the database-side figures. */
  async figures(database: string): Promise<{ connections: number; dbBytes: number; pendingJobs: number; searchBacklog: number }> {
    const [row] = await this.query<{ connections: string; db_bytes: string; pending_jobs: string; search_backlog: string }>(
      `SELECT (SELECT count(*) FROM pg_stat_activity WHERE datname = $1) AS connections,
              pg_database_size($1) AS db_bytes,
              (SELECT count(*) FROM import_jobs WHERE status IN ('pending', 'processing')) AS pending_jobs,
              (SELECT count(*) FROM product_search_pending) AS search_backlog`,
      [database],
    );
    return {
      connections: Number(row.connections),
      dbBytes: Number(row.db_bytes),
      pendingJobs: Number(row.pending_jobs),
      searchBacklog: Number(row.search_backlog),
    };
  }

  /** What must be left of nothing once every job ended: stored files, replace ids, search entries, outbox and deliveries. */
  async leftovers(): Promise<Record<string, number>> {
    const [row] = await this.query<Record<string, string>>(
      `SELECT (SELECT count(*) FROM import_file_chunks) AS stored_file_chunks,
              (SELECT count(*) FROM import_job_ids) AS replace_ids,
              (SELECT count(*) FROM product_search_pending) AS search_pending,
              (SELECT count(*) FROM outbox_events WHERE relayed_at IS NULL) AS outbox_unrelayed,
              (SELECT count(*) FROM webhook_deliveries WHERE status <> 'delivered') AS deliveries_not_delivered`,
    );
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}
