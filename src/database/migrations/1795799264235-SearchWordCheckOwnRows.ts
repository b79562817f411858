import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Does any product of this organization have this word?" as a function whose plan may only read
 * the full-text index: inlined into the analyzer's statement, the check was planned for a large
 * organization as a sequential scan of product_search (every organization's rows) that ran to
 * the end whenever the word was missing. The settings apply to the function's own plan only.
 */
export class SearchWordCheckOwnRows1795799264235 implements MigrationInterface {
  name = 'SearchWordCheckOwnRows1795799264235';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION product_search_contains(organization uuid, query tsquery) RETURNS boolean
        LANGUAGE sql STABLE PARALLEL SAFE
        SET enable_seqscan = off SET enable_indexscan = off
        AS $$ SELECT EXISTS (SELECT 1 FROM product_search s WHERE s.organization_id = organization AND s.search @@ query) $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION product_search_contains(uuid, tsquery)`);
  }
}
