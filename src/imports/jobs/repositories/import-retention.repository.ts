import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

// Arbitrary constant: one retention sweep at a time across all workers.
const RETENTION_LOCK_KEY = 727_274_002;

/**
 * The deletes of the retention sweep. Each statement touches a bounded number of rows and runs in
 * its own short transaction, so a sweep never holds a lock for long nor one big undo.
 */
@Injectable()
export class ImportRetentionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Runs `sweep` holding a session-level advisory lock, on that session; returns null without
   * running it when another worker is sweeping.
   */
  async exclusively<T>(sweep: (manager: EntityManager) => Promise<T>): Promise<T | null> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [RETENTION_LOCK_KEY]);
      if (!locked) return null;
      try {
        return await sweep(runner.manager);
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [RETENTION_LOCK_KEY]).catch(() => undefined);
      }
    } finally {
      await runner.release();
    }
  }

  /** Finished jobs completed before `before`, oldest first (partial index import_jobs_finished_idx). */
  async expiredJobIds(manager: EntityManager, before: Date, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await manager.query(
      `SELECT id FROM import_jobs WHERE status IN ('done', 'failed') AND completed_at < $1 ORDER BY completed_at LIMIT $2`,
      [before, limit],
    );
    return rows.map((r) => r.id);
  }

  /** Deletes up to `limit` error rows of one job; returns how many it deleted. */
  async deleteErrorRows(manager: EntityManager, jobId: string, limit: number): Promise<number> {
    const [{ n }]: Array<{ n: number }> = await manager.query(
      `WITH gone AS (
         DELETE FROM import_errors WHERE job_id = $1
            AND "index" IN (SELECT "index" FROM import_errors WHERE job_id = $1 ORDER BY "index" LIMIT $2)
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [jobId, limit],
    );
    return n;
  }

  /** Deletes the job row (and by cascade any stored chunk left); only while it is still finished. */
  async deleteFinishedJob(manager: EntityManager, jobId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `WITH gone AS (DELETE FROM import_jobs WHERE id = $1 AND status IN ('done', 'failed') RETURNING 1) SELECT 1 FROM gone`,
      [jobId],
    );
    return rows.length > 0;
  }
}
