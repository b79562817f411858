import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalog version (catalog_stats.version) whose vocabulary the sweep last walked, so it walks
 * only the vocabularies of organizations whose catalog changed since (VocabularySweepService), the least
 * recently walked first. Existing organizations start unwalked.
 */
export class VocabularySweepVersion1795803149824 implements MigrationInterface {
  name = 'VocabularySweepVersion1795803149824';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalog_stats ADD COLUMN vocabulary_version bigint, ADD COLUMN vocabulary_checked_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalog_stats DROP COLUMN vocabulary_version, DROP COLUMN vocabulary_checked_at`);
  }
}
