import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { canonicalJson, sha256 } from './canonical';
import { createPlainProductsTable, createScratchProductsTable, dropTable, withClient } from '../../tools/harness/bench-db';
import { backendCpuDuring } from './cpu';
import type { CatalogManifest } from '../../tools/harness/generate-catalog';

export interface CopyFloorResult {
  rows: number;
  copy_s: number;
  /** The same rows into a table with only the primary key (no tsvector, no GIN): the floor the import goals are stated against. */
  copy_plain_s: number;
  /** CPU seconds of the PostgreSQL backend during each COPY. */
  copy_plain_cpu_s: number;
  copy_cpu_s: number;
  copy_bytes: number;
  table: string;
}

const COLUMNS = 'organization_id, product_id, content_hash, raw_hash, data, created_at, updated_at, last_import_job_id';

/** COPY text-format escaping of one field. */
function escapeText(value: string): string {
  return value.replace(/[\\\n\r\t]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'));
}

const bytea = (buffer: Buffer): string => `\\\\x${buffer.toString('hex')}`;

/**
 * The floors: the valid products of the file COPYed (pg-copy-streams) into two scratch tables:
 * one with the products columns and only the primary key (`copy_plain_s`: what storing the rows
 * costs at least), and one `LIKE products INCLUDING ALL` (`copy_s`: plus the filter indexes products
 * has; search vectors live in `product_search`, written after the import). Rows are prepared beforehand; only the COPYs are timed. Tables are dropped after.
 */
export async function measureCopyFloor(databaseUrl: string, manifest: CatalogManifest): Promise<CopyFloorResult> {
  const elements = JSON.parse(await readFile(manifest.file, 'utf8')) as unknown[];
  const invalid = new Set(manifest.invalid_indices);
  const organizationId = randomUUID();
  const jobId = randomUUID();
  const now = new Date().toISOString();
  const chunks: Buffer[] = [];
  let lines: string[] = [];
  let pendingLength = 0;
  let rows = 0;
  elements.forEach((element, index) => {
    if (invalid.has(index)) return;
    const raw = JSON.stringify(element);
    const product = { ...(element as Record<string, unknown>) };
    product.id = String(product.id);
    const data = JSON.stringify(product);
    const line = [
      organizationId,
      escapeText(product.id as string),
      bytea(sha256(canonicalJson(product))),
      bytea(sha256(raw)),
      escapeText(data),
      now,
      now,
      jobId,
    ].join('\t');
    lines.push(line);
    pendingLength += line.length;
    rows++;
    if (pendingLength > 1 << 20) {
      chunks.push(Buffer.from(`${lines.join('\n')}\n`));
      lines = [];
      pendingLength = 0;
    }
  });
  if (lines.length) chunks.push(Buffer.from(`${lines.join('\n')}\n`));
  const copyBytes = chunks.reduce((sum, b) => sum + b.length, 0);

  const copyInto = (table: string, create: (client: Client, table: string) => Promise<void>) =>
    withClient(databaseUrl, async (client) => {
      await create(client, table);
      try {
        const started = performance.now();
        const { cpu_s } = await backendCpuDuring(client, () =>
          pipeline(Readable.from(chunks), client.query(copyFrom(`COPY "${table}" (${COLUMNS}) FROM STDIN`))),
        );
        const seconds = (performance.now() - started) / 1000;
        const { rows: counted } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${table}"`);
        if (Number(counted[0].n) !== rows) throw new Error(`COPY floor: ${table} holds ${counted[0].n} rows, expected ${rows}`);
        return { seconds, cpu_s };
      } finally {
        await dropTable(databaseUrl, table);
      }
    });
  const suffix = `${process.pid}_${Date.now()}`;
  const plain = await copyInto(`bench_copy_plain_${suffix}`, createPlainProductsTable);
  const table = `bench_copy_floor_${suffix}`;
  const like = await copyInto(table, createScratchProductsTable);
  return {
    rows,
    copy_s: like.seconds,
    copy_plain_s: plain.seconds,
    copy_cpu_s: like.cpu_s,
    copy_plain_cpu_s: plain.cpu_s,
    copy_bytes: copyBytes,
    table,
  };
}
