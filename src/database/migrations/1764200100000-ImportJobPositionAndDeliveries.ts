import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `seq`: a job's place in its organization's order, drawn from a sequence after the upload commits
 * (before its 202), so imports apply in the order they were acknowledged. NULL = not runnable yet.
 * `idle_deliveries`: deliveries since the job last committed a batch (crashed ones included); a job
 * with IMPORT_ATTEMPTS of them is poison and ends failed.
 * Also indexes finished jobs by completion time for the retention sweep.
 */
export class ImportJobPositionAndDeliveries1764200100000 implements MigrationInterface {
  name = 'ImportJobPositionAndDeliveries1764200100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE import_jobs_seq AS bigint`);
    await q.query(`ALTER TABLE import_jobs ADD COLUMN seq bigint, ADD COLUMN idle_deliveries integer NOT NULL DEFAULT 0`);
    // Existing jobs keep their created_at order.
    await q.query(`
      UPDATE import_jobs j SET seq = o.n
        FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM import_jobs) o
       WHERE j.id = o.id`);
    await q.query(`SELECT setval('import_jobs_seq', coalesce((SELECT max(seq) FROM import_jobs), 0) + 1, false)`);
    await q.query(`ALTER SEQUENCE import_jobs_seq OWNED BY import_jobs.seq`);
    await q.query(`DROP INDEX import_jobs_unfinished_idx`);
    await q.query(
      `CREATE INDEX import_jobs_unfinished_idx ON import_jobs (organization_id, seq) WHERE status IN ('pending', 'processing')`,
    );
    await q.query(`CREATE INDEX import_jobs_finished_idx ON import_jobs (completed_at) WHERE status IN ('done', 'failed')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX import_jobs_finished_idx`);
    await q.query(`DROP INDEX import_jobs_unfinished_idx`);
    await q.query(
      `CREATE INDEX import_jobs_unfinished_idx ON import_jobs (organization_id, created_at, id) WHERE status IN ('pending', 'processing')`,
    );
    await q.query(`ALTER TABLE import_jobs DROP COLUMN idle_deliveries, DROP COLUMN seq`);
  }
}
