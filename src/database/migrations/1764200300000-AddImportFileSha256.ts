import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The SHA-256 of an upload's file content, recorded as the upload commits. An Idempotency-Key is
 * bound to it: the key replayed with the same file returns the job, with another file is refused.
 * Null only for jobs uploaded before this column existed.
 */
export class AddImportFileSha2561764200300000 implements MigrationInterface {
  name = 'AddImportFileSha2561764200300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE import_jobs ADD COLUMN file_sha256 bytea CHECK (octet_length(file_sha256) = 32)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE import_jobs DROP COLUMN file_sha256`);
  }
}
