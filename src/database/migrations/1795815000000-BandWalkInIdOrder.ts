import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The top band's walk (ranked-search.repository.ts rankTier: an organization's next rows in id order)
 * as a function whose plan may only read the primary key in order. Inlined, it was planned from the
 * organization's estimated row count: with statistics that predate an import (autovacuum off, or
 * not yet run) a 58,000-product organization was estimated at 1,819 rows, read whole by a bitmap scan
 * and sorted on disk (62 MB) for its first 2,000 rows: 170 ms instead of a few. `product_id > ''`
 * starts at the organization's first product (ids are never empty), so a cursor's walk starts at
 * its position in the index. The settings apply to the function's own plan only.
 */
export class BandWalkInIdOrder1795815000000 implements MigrationInterface {
  name = 'BandWalkInIdOrder1795815000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION product_search_walk(organization uuid, after_id text, n integer) RETURNS SETOF product_search
        LANGUAGE sql STABLE PARALLEL SAFE
        SET enable_seqscan = off SET enable_bitmapscan = off SET enable_sort = off
        AS $$ SELECT * FROM product_search s
               WHERE s.organization_id = organization AND s.product_id > coalesce(after_id, '')
               ORDER BY s.product_id LIMIT n $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION product_search_walk(uuid, text, integer)`);
  }
}
