import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateProducts1764115320000 implements MigrationInterface {
  name = 'CreateProducts1764115320000';

  async up(q: QueryRunner): Promise<void> {
    // `search` is generated from the stored document so it can never drift from it; weights rank
    // title matches above brand/categories, tags and description.
    await q.query(`
      CREATE TABLE products (
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        product_id text NOT NULL,
        content_hash bytea NOT NULL,
        raw_hash bytea,
        data jsonb NOT NULL,
        search tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english'::regconfig, coalesce(data->>'title', '')), 'A') ||
          setweight(to_tsvector('english'::regconfig, coalesce(data->>'brand', '')), 'B') ||
          setweight(jsonb_to_tsvector('english'::regconfig, coalesce(data->'categories', '[]'::jsonb), '["string"]'), 'B') ||
          setweight(jsonb_to_tsvector('english'::regconfig, coalesce(data->'tags', '[]'::jsonb), '["string"]'), 'C') ||
          setweight(to_tsvector('english'::regconfig, coalesce(data->>'description', '')), 'D')
        ) STORED,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        last_import_job_id uuid,
        PRIMARY KEY (organization_id, product_id)
      )`);
    await q.query(`CREATE INDEX products_search_idx ON products USING GIN (search)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE products`);
  }
}
