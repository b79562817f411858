import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `format`: what the uploaded file holds (JSON array, JSON Lines, CSV, Google Merchant Center TSV
 * or XML), told once at upload so every delivery of the job reads it with the same reader. Jobs
 * uploaded before it held JSON arrays.
 */
export class ImportJobFormat1795799099576 implements MigrationInterface {
  name = 'ImportJobFormat1795799099576';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE import_jobs ADD COLUMN format text NOT NULL DEFAULT 'json'
         CHECK (format IN ('json', 'jsonl', 'csv', 'gmc_tsv', 'gmc_xml'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE import_jobs DROP COLUMN format`);
  }
}
