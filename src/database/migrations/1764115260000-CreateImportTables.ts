import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateImportTables1764115260000 implements MigrationInterface {
  name = 'CreateImportTables1764115260000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE import_jobs (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        account_id text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'processing', 'done', 'failed')),
        total integer NOT NULL DEFAULT 0 CHECK (total >= 0),
        indexed_count integer NOT NULL DEFAULT 0 CHECK (indexed_count >= 0),
        failed_count integer NOT NULL DEFAULT 0 CHECK (failed_count >= 0),
        skipped_count integer NOT NULL DEFAULT 0 CHECK (skipped_count >= 0),
        cursor integer NOT NULL DEFAULT 0 CHECK (cursor >= 0),
        file_name text NOT NULL,
        file_size bigint NOT NULL,
        idempotency_key text,
        failure_type text,
        failure_message text,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        started_at timestamptz,
        completed_at timestamptz
      )`);
    await q.query(`CREATE INDEX import_jobs_organization_created_idx ON import_jobs (organization_id, created_at DESC, id DESC)`);
    // Finds the oldest unfinished job of an organization (ordering) and what the reconciler must re-enqueue.
    await q.query(
      `CREATE INDEX import_jobs_unfinished_idx ON import_jobs (organization_id, created_at, id) WHERE status IN ('pending', 'processing')`,
    );
    await q.query(
      `CREATE UNIQUE INDEX import_jobs_idempotency_idx ON import_jobs (organization_id, idempotency_key) WHERE idempotency_key IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE import_file_chunks (
        job_id uuid NOT NULL REFERENCES import_jobs(id) ON DELETE CASCADE,
        seq integer NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (job_id, seq)
      )`);
    // A chunk lives only until its import ends: skip TOAST compression, whose CPU cost outweighs the disk it saves.
    await q.query(`ALTER TABLE import_file_chunks ALTER COLUMN data SET STORAGE EXTERNAL`);
    await q.query(`
      CREATE TABLE import_errors (
        job_id uuid NOT NULL REFERENCES import_jobs(id) ON DELETE CASCADE,
        index integer NOT NULL,
        product_id text,
        errors jsonb NOT NULL,
        PRIMARY KEY (job_id, index)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE import_errors`);
    await q.query(`DROP TABLE import_file_chunks`);
    await q.query(`DROP TABLE import_jobs`);
  }
}
