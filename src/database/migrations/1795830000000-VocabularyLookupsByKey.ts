import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The query analyzer's "which of these words does the organization's vocabulary have" as a
 * function whose plan may only read the primary key (organization_id, word). Inlined, the lookup
 * could be planned on the trigram index (pg_trgm's GIN operator class answers `=` too): with
 * statistics that predate an import (autovacuum off, or not yet run) a bitmap scan of the trigram
 * index per word, 1.3-1.7 ms each, where the primary key answers in microseconds. A function with
 * settings is never inlined, so they apply to its own plan only.
 */
export class VocabularyLookupsByKey1795830000000 implements MigrationInterface {
  name = 'VocabularyLookupsByKey1795830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION search_vocabulary_known(organization uuid, words text[]) RETURNS SETOF text
        LANGUAGE sql STABLE PARALLEL SAFE
        SET enable_seqscan = off SET enable_bitmapscan = off
        AS $$ SELECT v.word FROM search_vocabulary v WHERE v.organization_id = organization AND v.word = ANY (words) $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION search_vocabulary_known(uuid, text[])`);
  }
}
