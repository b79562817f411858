import type { Client } from 'pg';

/** The floor's table, in the bench database beside the service's own. */
export const FLOOR_TABLE = 'fixed_cost_floor';

/**
 * One table of the organization's products with a generated weighted tsvector (the products
 * table's first search column: title A, brand and categories B, tags C, description D) and one
 * GIN index led by the organization: the least PostgreSQL must do for a ranked one-word search.
 * Returns the rows copied.
 */
export async function createSearchFloor(client: Client, organizationId: string): Promise<number> {
  // btree_gin (the uuid in a GIN index) comes with the service's migrations; kept here so the floor stands alone.
  await client.query('CREATE EXTENSION IF NOT EXISTS btree_gin');
  await client.query(`DROP TABLE IF EXISTS ${FLOOR_TABLE}`);
  await client.query(`
    CREATE TABLE ${FLOOR_TABLE} (
      organization_id uuid NOT NULL,
      product_id text NOT NULL,
      title text,
      brand text,
      categories jsonb,
      tags jsonb,
      description text,
      search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(brand, '')), 'B') ||
        setweight(jsonb_to_tsvector('english', coalesce(categories, '[]'), '["string"]'), 'B') ||
        setweight(jsonb_to_tsvector('english', coalesce(tags, '[]'), '["string"]'), 'C') ||
        setweight(to_tsvector('english', coalesce(description, '')), 'D')
      ) STORED)`);
  const { rowCount } = await client.query(
    `INSERT INTO ${FLOOR_TABLE} (organization_id, product_id, title, brand, categories, tags, description)
     SELECT organization_id, product_id, data->>'title', data->>'brand', data->'categories', data->'tags', data->>'description'
       FROM products WHERE organization_id = $1`,
    [organizationId],
  );
  // Built after the rows, then analyzed: a settled index with no pending list, as the service's is after its sweep.
  await client.query(`CREATE INDEX ${FLOOR_TABLE}_search ON ${FLOOR_TABLE} USING gin (organization_id, search)`);
  await client.query(`VACUUM ANALYZE ${FLOOR_TABLE}`);
  return rowCount ?? 0;
}

/**
 * The ranked top-20 statement for one word, with literals in its text (pgbench's simple protocol
 * sends it as written). The word is checked, not quoted: a bench constant, never user input.
 */
export function floorSearchSql(organizationId: string, word: string, limit = 20): string {
  if (!/^[0-9a-f-]{36}$/.test(organizationId) || !/^[a-z]+$/.test(word))
    throw new Error(`unexpected floor input ${organizationId} / ${word}`);
  const query = `websearch_to_tsquery('english', '${word}')`;
  return (
    `SELECT product_id FROM ${FLOOR_TABLE} WHERE organization_id = '${organizationId}' AND search @@ ${query} ` +
    `ORDER BY ts_rank(search, ${query}) DESC, product_id LIMIT ${limit};\n`
  );
}

/** Its matches (all of them, not the page): to set beside the route's total_count. */
export async function floorMatches(client: Client, organizationId: string, word: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>(
    `SELECT count(*) AS n FROM ${FLOOR_TABLE} WHERE organization_id = $1 AND search @@ websearch_to_tsquery('english', $2)`,
    [organizationId, word],
  );
  return Number(rows[0].n);
}
