import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `scanned_total`: the element count the upload's own pass over the bytes found, recorded with the
 * file when the file is a well-formed UTF-8 JSON array (NULL otherwise, and for jobs uploaded
 * before this column). A merge import with a count skips the worker's scan pass, which re-read
 * and re-split the whole stored file only to learn what the upload had already seen.
 */
export class ImportJobScannedTotal1764300520000 implements MigrationInterface {
  name = 'ImportJobScannedTotal1764300520000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE import_jobs ADD COLUMN scanned_total integer CHECK (scanned_total >= 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE import_jobs DROP COLUMN scanned_total`);
  }
}
