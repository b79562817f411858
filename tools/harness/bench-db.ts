import Redis from 'ioredis';
import { Client } from 'pg';

/** BENCH_DATABASE_URL / BENCH_QUEUE_PREFIX move every bench to a database and queue prefix of one's own (a shared machine). */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/product_directory_bench';
/** Redis db 2 unless BENCH_REDIS_DB names another (engineers sharing one Redis each keep their own). */
export const BENCH_REDIS_URL = `redis://127.0.0.1:6379/${process.env.BENCH_REDIS_DB ?? '2'}`;
export const BENCH_QUEUE_PREFIX = process.env.BENCH_QUEUE_PREFIX ?? 'bench';

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates the bench database if missing; returns true when this call created it. */
export async function ensureBenchDatabase(url: string): Promise<boolean> {
  const name = databaseName(url);
  return withClient(adminUrl(url), async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount) return false;
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    return true;
  });
}

/** Drops the bench database (only call when this run created it). */
export async function dropBenchDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  await withClient(adminUrl(url), (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
}

/** Deletes organizations this run created (cascades to accounts, tokens, jobs, chunks, errors, products). */
export async function deleteOrganizations(url: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await withClient(url, (client) => client.query('DELETE FROM organizations WHERE id = ANY($1::uuid[])', [ids]));
}

/** A table shaped like products (generated `search` column, GIN index, primary key), without the foreign key. */
export async function createScratchProductsTable(client: Client, name: string): Promise<void> {
  await client.query(`CREATE TABLE ${quoteIdent(name)} (LIKE products INCLUDING ALL)`);
}

/** The rows of products with nothing but the primary key: the plain-COPY floor. */
export async function createPlainProductsTable(client: Client, name: string): Promise<void> {
  await client.query(
    `CREATE TABLE ${quoteIdent(name)} (organization_id uuid NOT NULL, product_id text NOT NULL, content_hash bytea NOT NULL,
       raw_hash bytea, data jsonb NOT NULL, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
       last_import_job_id uuid, PRIMARY KEY (organization_id, product_id))`,
  );
}

/**
 * Products of an organization whose search vector is not written yet: its entries pending for the
 * search indexer (0 once everything is searchable with its current text).
 */
export async function unsearchableProducts(client: Client, organizationId: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM product_search_pending WHERE organization_id = $1', [
    organizationId,
  ]);
  return Number(rows[0].n);
}

export async function dropTable(url: string, name: string): Promise<void> {
  await withClient(url, (client) => client.query(`DROP TABLE IF EXISTS ${quoteIdent(name)}`));
}

export async function postgresVersion(url: string): Promise<string> {
  return withClient(url, async (client) => (await client.query<{ server_version: string }>('SHOW server_version')).rows[0].server_version);
}

/** Deletes the queue keys under `prefix:` in the bench Redis database (only when this run owns them). */
export async function deleteQueueKeys(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  try {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) deleted += await redis.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    redis.disconnect();
  }
}
