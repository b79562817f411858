import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * Checks the next $3 words of organization $1's vocabulary after $2 (key order) and deletes those
 * no indexed product of the organization has in a vocabulary field (weights A–C: title, brand,
 * categories, attributes, tags). Each check is one probe of the organization's GIN postings
 * (product_search_contains); the word is quoted as one tsquery operand (backslash and quote
 * escaped), never parsed. The probes run in the materialized batch, once per word, and the
 * deletions go by primary key from an array: with the check in the join, statistics taken before
 * the organization's words existed planned a nested loop that probed each word once per word of
 * the batch (48,000 probes, 71 s, for 219 words; a 60 s timeout every minute for 2,000).
 */
export const SWEEP_WORDS = `
  WITH batch AS MATERIALIZED (
    SELECT w.word,
           product_search_contains($1, ('''' || replace(replace(w.word, '\\', '\\\\'), '''', '''''') || ''':ABC')::tsquery) AS used
      FROM (SELECT word FROM search_vocabulary WHERE organization_id = $1 AND word > $2::text ORDER BY word LIMIT $3) w
  ), gone AS (
    DELETE FROM search_vocabulary v
     WHERE v.organization_id = $1 AND v.word = ANY (ARRAY(SELECT word FROM batch WHERE NOT used))
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM batch)::int AS checked, (SELECT count(*) FROM gone)::int AS removed,
         (SELECT max(word) FROM batch) AS last_word`;

/** `search_vocabulary` upkeep: the words of deleted products leave it (VocabularySweepService). */
@Injectable()
export class SearchVocabularyRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * An organization whose catalog changed since its vocabulary was last walked (the least recently
   * walked first), with the version to mark. Not while products of it wait for indexing: their old
   * vectors (a replaced title) still hold the words they are losing.
   */
  async nextChanged(): Promise<{ organizationId: string; version: string } | null> {
    const [row]: Array<{ organization_id: string; version: string }> = await this.dataSource.query(
      `SELECT s.organization_id, s.version::text AS version FROM catalog_stats s
        WHERE s.vocabulary_version IS DISTINCT FROM s.version
          AND NOT EXISTS (SELECT 1 FROM product_search_pending p WHERE p.organization_id = s.organization_id)
        ORDER BY s.vocabulary_checked_at NULLS FIRST, s.organization_id LIMIT 1`,
    );
    return row ? { organizationId: row.organization_id, version: row.version } : null;
  }

  /**
   * Checks up to `limit` words of the organization after `afterWord` and deletes the ones no
   * indexed product has any more; `lastWord` is where to resume, null once the end was reached.
   */
  async sweep(
    organizationId: string,
    afterWord: string,
    limit: number,
  ): Promise<{ checked: number; removed: number; lastWord: string | null }> {
    const [row]: Array<{ checked: number; removed: number; last_word: string | null }> = await this.dataSource.query(SWEEP_WORDS, [
      organizationId,
      afterWord,
      limit,
    ]);
    return { checked: row.checked, removed: row.removed, lastWord: row.checked < limit ? null : row.last_word };
  }

  /** The walk of the organization's vocabulary that started at `version` is complete (a change since leaves it to walk again). */
  async markWalked(organizationId: string, version: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE catalog_stats SET vocabulary_version = $2::bigint, vocabulary_checked_at = now() WHERE organization_id = $1`,
      [organizationId, version],
    );
  }
}
