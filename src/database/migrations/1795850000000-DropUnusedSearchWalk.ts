import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * product_search_walk() (BandWalkInIdOrder) is no longer called: the walk now sets its planner
 * settings around its own statements (search/ranking/score.ts inIdOrder), which PostgreSQL can plan
 * without copying every row into a function's tuplestore. Down restores it as it was.
 */
export class DropUnusedSearchWalk1795850000000 implements MigrationInterface {
  name = 'DropUnusedSearchWalk1795850000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION IF EXISTS product_search_walk(uuid, text, integer)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION product_search_walk(organization uuid, after_id text, n integer) RETURNS SETOF product_search
        LANGUAGE sql STABLE PARALLEL SAFE
        SET enable_seqscan = off SET enable_bitmapscan = off SET enable_sort = off
        AS $$ SELECT * FROM product_search s
               WHERE s.organization_id = organization AND s.product_id > coalesce(after_id, '')
               ORDER BY s.product_id LIMIT n $$`);
  }
}
