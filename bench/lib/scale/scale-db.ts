import type { Client } from 'pg';
import { withClient } from '../../../tools/harness/bench-db';

/** The bench's own databases: never the bench's or the tests' ones. */
export const SCALE_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/pds_scale';
export const SCALE_EMPTY_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/pds_scale_empty';
export const SCALE_QUEUE_PREFIX = 'bench-scale';
export const SCALE_EMPTY_QUEUE_PREFIX = 'bench-scale-empty';

/** What the database holds: one big organization, one small one, the rest `products` each. */
export interface ScaleLayout {
  organizations: number;
  products: number;
  big: number;
  small: number;
  seed: number;
}

export type OrganizationRole = 'big' | 'small' | 'regular';

/** A measured organization: its account, for fresh tokens on a reused database. */
export interface MeasuredOrganization {
  role: OrganizationRole;
  organizationId: string;
  accountId: string;
  products: number;
}

/** Stored as the database's comment, so a reused database says what it holds and how it was built. */
export interface ScaleDescriptor {
  version: 1;
  layout: ScaleLayout;
  stage: 'loaded' | 'indexed';
  measured: MeasuredOrganization[];
  build: Record<string, unknown>;
}

const DESCRIPTOR_VERSION = 1;

export const totalProducts = (layout: ScaleLayout): number =>
  layout.big + layout.small + Math.max(0, layout.organizations - 2) * layout.products;

/** Products of the organization at `index`: 0 is the big one, 1 the small one, the others `products`. */
export const productsOf = (layout: ScaleLayout, index: number): number =>
  index === 0 ? layout.big : index === 1 ? layout.small : layout.products;

export const sameLayout = (a: ScaleLayout, b: ScaleLayout): boolean =>
  a.organizations === b.organizations && a.products === b.products && a.big === b.big && a.small === b.small && a.seed === b.seed;

const databaseName = (url: string): string => decodeURIComponent(new URL(url).pathname.slice(1));
const adminUrl = (url: string): string => Object.assign(new URL(url), { pathname: '/postgres' }).toString();

export async function readDescriptor(url: string): Promise<ScaleDescriptor | null> {
  return withClient(adminUrl(url), async (client) => {
    const { rows } = await client.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [databaseName(url)],
    );
    if (!rows[0]?.comment) return null;
    try {
      const descriptor = JSON.parse(rows[0].comment) as ScaleDescriptor;
      return descriptor.version === DESCRIPTOR_VERSION ? descriptor : null;
    } catch {
      return null;
    }
  });
}

export async function writeDescriptor(client: Client, descriptor: ScaleDescriptor): Promise<void> {
  const name = (await client.query<{ db: string }>('SELECT current_database() AS db')).rows[0].db;
  const literal = JSON.stringify(descriptor).replace(/'/g, "''");
  await client.query(`COMMENT ON DATABASE "${name.replace(/"/g, '""')}" IS '${literal}'`);
}

export async function databaseExists(url: string): Promise<boolean> {
  return withClient(adminUrl(url), async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName(url)]);
    return (rowCount ?? 0) > 0;
  });
}

/** Organizations made directly (the unmeasured ones need no account). */
export async function insertOrganizations(client: Client, names: string[]): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>('INSERT INTO organizations (name) SELECT unnest($1::text[]) RETURNING id', [names]);
  return rows.map((r) => r.id);
}

/** Entries still pending for the search indexer, all organizations. */
export async function pendingTotal(client: Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM product_search_pending');
  return Number(rows[0].n);
}

/** Lists every product as pending again and drops the vectors: the sweep can be timed again on the same data. */
export async function resetSearchRows(client: Client): Promise<number> {
  await client.query('TRUNCATE product_search, product_search_pending');
  const { rowCount } = await client.query(
    'INSERT INTO product_search_pending (organization_id, product_id) SELECT organization_id, product_id FROM products',
  );
  return rowCount ?? 0;
}

export interface DatabaseSize {
  database_bytes: number;
  products: number;
  bytes_per_product: number;
  /** Table + its indexes + TOAST, per relation that holds product data. */
  relations: Record<string, number>;
}

export async function databaseSize(client: Client): Promise<DatabaseSize> {
  const { rows: total } = await client.query<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes');
  const { rows: count } = await client.query<{ n: string }>('SELECT count(*) AS n FROM products');
  const { rows: relations } = await client.query<{ name: string; bytes: string }>(
    `SELECT c.relname AS name, pg_total_relation_size(c.oid) AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY pg_total_relation_size(c.oid) DESC LIMIT 6`,
  );
  const products = Number(count[0].n);
  const bytes = Number(total[0].bytes);
  return {
    database_bytes: bytes,
    products,
    bytes_per_product: products ? Math.round(bytes / products) : 0,
    relations: Object.fromEntries(relations.map((r) => [r.name, Number(r.bytes)])),
  };
}
