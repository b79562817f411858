import { createHash } from 'node:crypto';
import { Pool } from 'pg';
import { FAULTS_DATABASE_URL } from './env';
import { sleep } from '../../../tools/harness/repo';

export type JobStatus = 'pending' | 'processing' | 'done' | 'failed';

export interface JobRow {
  id: string;
  organization_id: string;
  status: JobStatus;
  total: number;
  indexed_count: number;
  failed_count: number;
  skipped_count: number;
  cursor: number;
  attempts: number;
  failure_type: string | null;
  failure_message: string | null;
  /** Microseconds since the epoch, as decimal strings (a JS Date would round them to milliseconds). */
  created_us: string;
  started_us: string | null;
  completed_us: string | null;
}

const JOB_COLUMNS = `id, organization_id, status, total, indexed_count, failed_count, skipped_count, cursor, attempts,
  failure_type, failure_message,
  (extract(epoch FROM created_at) * 1000000)::bigint::text AS created_us,
  (extract(epoch FROM started_at) * 1000000)::bigint::text AS started_us,
  (extract(epoch FROM completed_at) * 1000000)::bigint::text AS completed_us`;

/** First key of the two-key advisory lock an import holds on its organization (OrganizationLockRepository). */
const ORG_LOCK_NAMESPACE = 7272;

/** Direct reads of the faults database: the end state is checked here, not through the API. */
export class FaultsDb {
  private readonly pool: Pool;

  /** The suite's database by default; the shared-redis spec also reads its second deployment's. */
  constructor(databaseUrl = FAULTS_DATABASE_URL) {
    this.pool = new Pool({ connectionString: databaseUrl, max: 4, connectionTimeoutMillis: 2_000, application_name: 'faults-test' });
    // PostgreSQL restarts are part of the suite: a dropped idle connection must not crash the test process.
    this.pool.on('error', () => undefined);
  }

  async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool.query(sql, params)).rows as T[];
  }

  /** Like query, but retries for a while when PostgreSQL is (re)starting. */
  async queryRetrying<T>(sql: string, params: unknown[] = [], timeoutMs = 30_000): Promise<T[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        return await this.query<T>(sql, params);
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await sleep(200);
      }
    }
  }

  async job(id: string): Promise<JobRow> {
    const [row] = await this.queryRetrying<JobRow>(`SELECT ${JOB_COLUMNS} FROM import_jobs WHERE id = $1`, [id]);
    if (!row) throw new Error(`import job ${id} does not exist`);
    return row;
  }

  jobsOfOrganization(organizationId: string): Promise<JobRow[]> {
    return this.queryRetrying<JobRow>(`SELECT ${JOB_COLUMNS} FROM import_jobs WHERE organization_id = $1 ORDER BY created_at, id`, [
      organizationId,
    ]);
  }

  /** Polls the job row until the predicate holds (tolerating a PostgreSQL outage meanwhile). */
  async waitForJob(id: string, predicate: (job: JobRow) => boolean, what: string, timeoutMs: number, pollMs = 50): Promise<JobRow> {
    const deadline = Date.now() + timeoutMs;
    let last: JobRow | undefined;
    for (;;) {
      try {
        last = await this.job(id);
        if (predicate(last)) return last;
      } catch {
        // PostgreSQL down: keep polling until the deadline
      }
      if (Date.now() > deadline) throw new Error(`job ${id}: not ${what} after ${timeoutMs} ms; last seen ${JSON.stringify(last)}`);
      await sleep(pollMs);
    }
  }

  waitForFinished(id: string, timeoutMs: number): Promise<JobRow> {
    return this.waitForJob(id, (j) => j.status === 'done' || j.status === 'failed', 'done or failed', timeoutMs, 100);
  }

  /**
   * The statement (or 'idle in transaction') of a session of one process (by application_name) that is
   * inside a transaction which has written something: a batch transaction, or the final one. null if none.
   */
  async openWriteTransaction(applicationName: string): Promise<string | null> {
    const rows = await this.query<{ state: string; query: string }>(
      `SELECT state, left(query, 60) AS query FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = $1 AND backend_xid IS NOT NULL AND xact_start IS NOT NULL
          AND (state LIKE 'idle in transaction%'
               OR query ~* '(COPY products|UPDATE products p\\s+SET content_hash|INSERT INTO products|import_errors|indexed_count)')`,
      [applicationName],
    );
    return rows.length > 0 ? `${rows[0].state}: ${rows[0].query.replace(/\s+/g, ' ')}` : null;
  }

  /** One snapshot of a job's counters, cursor and error rows (a single statement, so they are mutually consistent). */
  async progress(
    jobId: string,
  ): Promise<{ status: JobStatus; total: number; cursor: number; counted: number; failed: number; errorRows: number }> {
    const [row] = await this.queryRetrying<{
      status: JobStatus;
      total: number;
      cursor: number;
      counted: number;
      failed: number;
      error_rows: string;
    }>(
      `SELECT status, total, cursor, indexed_count + failed_count + skipped_count AS counted, failed_count AS failed,
              (SELECT count(*) FROM import_errors e WHERE e.job_id = j.id) AS error_rows
         FROM import_jobs j WHERE id = $1`,
      [jobId],
    );
    return {
      status: row.status,
      total: row.total,
      cursor: row.cursor,
      counted: row.counted,
      failed: row.failed,
      errorRows: Number(row.error_rows),
    };
  }

  /** Which process (application_name) holds the import lock of an organization, if any. */
  async importLockHolder(organizationId: string): Promise<string | null> {
    const rows = await this.query<{ application_name: string }>(
      `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $1 AND l.objid = hashtext($2)::oid AND l.objsubid = 2
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [ORG_LOCK_NAMESPACE, organizationId],
    );
    return rows[0]?.application_name ?? null;
  }

  async fileChunkCount(jobId: string): Promise<number> {
    const [row] = await this.queryRetrying<{ n: string }>('SELECT count(*) AS n FROM import_file_chunks WHERE job_id = $1', [jobId]);
    return Number(row.n);
  }

  /** import_errors of one job: how many, and a digest of (index, product_id, errors) in file order. */
  async errorRows(jobId: string): Promise<{ count: number; digest: string; indexes: number[] }> {
    const rows = await this.queryRetrying<{ index: number; product_id: string | null; errors: string }>(
      'SELECT "index", product_id, errors::text AS errors FROM import_errors WHERE job_id = $1 ORDER BY "index"',
      [jobId],
    );
    const hash = createHash('sha256');
    for (const row of rows) hash.update(`${row.index}\t${row.product_id ?? ''}\t${row.errors}\n`);
    return { count: rows.length, digest: hash.digest('hex'), indexes: rows.map((r) => r.index) };
  }

  /**
   * The organization's catalog as (product_id, every column an import writes), ordered by product_id:
   * content_hash, raw_hash, data, and last_import_job_id as "written by `jobId`" (job ids differ
   * between a faulted run and its reference).
   */
  async catalog(organizationId: string, jobId: string): Promise<Array<[string, string]>> {
    const rows = await this.queryRetrying<{ product_id: string; stored: string }>(
      `SELECT product_id,
              concat_ws(' ', encode(content_hash, 'hex'), coalesce(encode(raw_hash, 'hex'), '-'), md5(data::text),
                        CASE WHEN last_import_job_id = $2 THEN 'this-job' ELSE 'earlier-job' END) AS stored
         FROM products WHERE organization_id = $1 ORDER BY product_id COLLATE "C"`,
      [organizationId, jobId],
    );
    return rows.map((r) => [r.product_id, r.stored]);
  }

  /** product_id → the stored `data` (as parsed JSON), to compare with an independent model. */
  async catalogData(organizationId: string): Promise<Map<string, unknown>> {
    const rows = await this.queryRetrying<{ product_id: string; data: unknown }>(
      'SELECT product_id, data FROM products WHERE organization_id = $1',
      [organizationId],
    );
    return new Map(rows.map((r) => [r.product_id, r.data]));
  }

  /** (product_id, title, brand) of an organization's products. */
  async catalogFields(organizationId: string): Promise<Map<string, { title: string; brand: string | null; hash: string }>> {
    const rows = await this.queryRetrying<{ product_id: string; title: string; brand: string | null; hash: string }>(
      `SELECT product_id, data->>'title' AS title, data->>'brand' AS brand, encode(content_hash, 'hex') AS hash
         FROM products WHERE organization_id = $1`,
      [organizationId],
    );
    return new Map(rows.map((r) => [r.product_id, { title: r.title, brand: r.brand, hash: r.hash }]));
  }

  /**
   * Polls until no entry of the organization is pending for the search indexer, then counts its
   * products without a vector or with one that is not their current text's (both 0 when search
   * caught up), and its products.
   */
  async searchCaughtUp(
    organizationId: string,
    timeoutMs: number,
  ): Promise<{ pending: number; products: number; missing: number; stale: number }> {
    const deadline = Date.now() + timeoutMs;
    let pending = 0;
    do {
      const [row] = await this.queryRetrying<{ n: number }>(
        'SELECT count(*)::int AS n FROM product_search_pending WHERE organization_id = $1',
        [organizationId],
      );
      pending = row.n;
      if (pending > 0) await new Promise((resolve) => setTimeout(resolve, 100));
    } while (pending > 0 && Date.now() < deadline);
    const [counts] = await this.queryRetrying<{ products: number; missing: number; stale: number }>(
      `SELECT count(*)::int AS products,
              count(*) FILTER (WHERE s.product_id IS NULL)::int AS missing,
              count(*) FILTER (WHERE s.search <> product_search_vector(p.data, coalesce(p.data->>'language', p.language, (SELECT o.language FROM organizations o WHERE o.id = p.organization_id))))::int AS stale
         FROM products p LEFT JOIN product_search s USING (organization_id, product_id)
        WHERE p.organization_id = $1`,
      [organizationId],
    );
    return { pending, ...counts };
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }
}
