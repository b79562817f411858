import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Catalog lifecycle: an import's `mode` (merge | replace) and its mass-delete consent,
 * the products a replace import deleted, and a cancel request. `import_job_ids` holds the product
 * ids a replace import's file names (valid elements or not), filled by the scan pass and deleted
 * when the job ends: a table, not worker memory, so 1.5 million ids cost no RSS and a redelivered
 * job finds them again. No primary key and no foreign key: each costs a lookup per inserted id
 * (1.5 million ids took 26 s with both, see bench/replace-ids.ts); duplicates are harmless to the
 * anti-join that uses the list, a rescan clears the job's rows first, and every path that ends a
 * job deletes them in its final transaction (ImportFileRepository.deleteFile).
 */
export class ImportJobLifecycle1764300300000 implements MigrationInterface {
  name = 'ImportJobLifecycle1764300300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE import_jobs
        ADD COLUMN mode text NOT NULL DEFAULT 'merge' CHECK (mode IN ('merge', 'replace')),
        ADD COLUMN allow_mass_delete boolean NOT NULL DEFAULT false,
        ADD COLUMN deleted_count integer NOT NULL DEFAULT 0 CHECK (deleted_count >= 0),
        ADD COLUMN cancel_requested_at timestamptz`);
    await q.query(`
      CREATE TABLE import_job_ids (
        job_id uuid NOT NULL,
        product_id text NOT NULL
      )`);
    await q.query(`CREATE INDEX import_job_ids_job_idx ON import_job_ids (job_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE import_job_ids`);
    await q.query(
      `ALTER TABLE import_jobs DROP COLUMN cancel_requested_at, DROP COLUMN deleted_count, DROP COLUMN allow_mass_delete, DROP COLUMN mode`,
    );
  }
}
