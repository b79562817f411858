import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `product_search.group_key`: the product's `group_id` (NULL without one), written by the search
 * indexer with the other filter columns, so a collapsed search (docs/search.md "Variants") finds a
 * page's groups' other matches through the index leading with the organization. Existing rows are
 * filled from the stored documents here, without indexing every product again.
 */
export class VariantGroups1795811974360 implements MigrationInterface {
  name = 'VariantGroups1795811974360';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE product_search ADD COLUMN group_key text`);
    await q.query(`
      UPDATE product_search s SET group_key = p.data->>'group_id'
        FROM products p
       WHERE p.organization_id = s.organization_id AND p.product_id = s.product_id AND p.data ? 'group_id'`);
    await q.query(
      `CREATE INDEX product_search_group_idx ON product_search (organization_id, group_key, product_id) WHERE group_key IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX product_search_group_idx`);
    await q.query(`ALTER TABLE product_search DROP COLUMN group_key`);
  }
}
