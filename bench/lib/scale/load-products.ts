import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { contentHashOfCanonical, versionedHash } from '../../../src/catalog/hashing/content-hash';
import type { ProductWrite } from '../../../src/catalog/product-write';
import { PRODUCT_COPY_COLUMNS, productCopyPieces } from '../../../src/catalog/repositories/product-copy';
import { fastValidProduct } from '../../../src/imports/pipeline/fast-path/fast-path';
import { canonicalJson } from '../../../src/catalog/hashing/canonical-json';
import { type ValidProduct, validateProduct } from '../../../src/catalog/product/product-validator';
import { realisticProducts } from '../../../tools/harness/generate-catalog';

/** Products per transaction: one COPY into products and one into product_search_pending. */
const BATCH = 20_000;

/**
 * The rows an import writes for these products: the service's own validation, canonical JSON and
 * hashes (the raw hash over the element as JSON.stringify prints it).
 */
export function productRows(products: Iterable<Record<string, unknown>>): ProductWrite[] {
  const rows: ProductWrite[] = [];
  for (const element of products) {
    const product = fastValidProduct(element) ?? validProduct(element);
    const json = Buffer.from(canonicalJson(product), 'utf8');
    const raw = Buffer.from(JSON.stringify(element), 'utf8');
    rows.push({
      productId: product.id,
      contentHash: contentHashOfCanonical(json),
      rawHash: versionedHash(raw, 0, raw.length),
      json,
      exists: false,
    });
  }
  return rows;
}

/** The service's full validation, for what the fast path leaves to it; a generated product is always valid. */
function validProduct(element: Record<string, unknown>): ValidProduct {
  const validation = validateProduct(element);
  if (!validation.valid) throw new Error(`generated product ${String(element.id)} is invalid: ${JSON.stringify(validation.errors)}`);
  return validation.product;
}

function* take<T>(source: Iterator<T>, count: number): Generator<T> {
  for (let i = 0; i < count; i++) {
    const next = source.next();
    if (next.done) return;
    yield next.value;
  }
}

const pendingLines = (organizationId: string, rows: readonly ProductWrite[]): string =>
  rows
    .map(
      (row) =>
        `${organizationId}\t${row.productId.replace(/[\\\n\r\t]/g, (c) => `\\${c === '\\' ? '\\' : c === '\n' ? 'n' : c === '\r' ? 'r' : 't'}`)}\n`,
    )
    .join('');

/**
 * Writes `count` realistic products (seed `seed`) of an organization as imports do: binary COPY
 * into `products` (PRODUCT_COPY_COLUMNS, productCopyPieces) and the ids into
 * `product_search_pending`, in one transaction per batch, so the worker's search indexer finds
 * them like an import's. Returns the products written.
 */
export async function loadOrganizationProducts(
  client: Client,
  organizationId: string,
  count: number,
  seed: number,
  onBatch?: (written: number) => void,
): Promise<number> {
  const jobId = randomUUID();
  const source = realisticProducts(seed);
  let written = 0;
  while (written < count) {
    const rows = productRows(take(source, Math.min(BATCH, count - written)));
    await client.query('BEGIN');
    try {
      await pipeline(
        Readable.from(productCopyPieces(organizationId, jobId, rows)),
        client.query(copyFrom(`COPY products (${PRODUCT_COPY_COLUMNS}) FROM STDIN (FORMAT binary)`)),
      );
      await pipeline(
        Readable.from([pendingLines(organizationId, rows)]),
        client.query(copyFrom('COPY product_search_pending (organization_id, product_id) FROM STDIN')),
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
    written += rows.length;
    onBatch?.(rows.length);
  }
  return written;
}
