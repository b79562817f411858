import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Full-text indexes of the search vector's best fields: the title alone (weight A); with brand,
 * categories and attributes (A-B); and with tags (A-C: every describing field, without the
 * description). They find exactly the products having a query's word in such a field, which ranking
 * a large group of matches needs (ranking/read-levels.ts): the search vector's GIN index does not hold its
 * weights, so "this word in a title" was a check of every match's row. Organization first, like
 * every index of the search path; the A-C expression is the vocabulary's (search-row-sql.ts).
 */
export class SearchFieldIndexes1795840000000 implements MigrationInterface {
  name = 'SearchFieldIndexes1795840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX product_search_title_idx ON product_search USING GIN (organization_id, ts_filter(search, '{a}'))`);
    await q.query(`CREATE INDEX product_search_named_idx ON product_search USING GIN (organization_id, ts_filter(search, '{a,b}'))`);
    await q.query(`CREATE INDEX product_search_describing_idx ON product_search USING GIN (organization_id, ts_filter(search, '{a,b,c}'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX product_search_describing_idx`);
    await q.query(`DROP INDEX product_search_named_idx`);
    await q.query(`DROP INDEX product_search_title_idx`);
  }
}
