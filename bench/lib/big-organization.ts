import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { contentHashOfCanonical, versionedHash } from '../../src/catalog/hashing/content-hash';
import type { ProductWrite } from '../../src/catalog/product-write';
import { PRODUCT_COPY_COLUMNS, productCopyPieces } from '../../src/catalog/repositories/product-copy';
import { fastValidProduct } from '../../src/imports/pipeline/fast-path/fast-path';
import { canonicalJson } from '../../src/catalog/hashing/canonical-json';
import { validateProduct } from '../../src/catalog/product/product-validator';
import { realisticProducts } from '../../tools/harness/generate-catalog';

/** Products serialised per productCopyPieces call. */
const ROWS_PER_BATCH = 5_000;
/** Binary COPY framing: signature (11 bytes), flags and header extension length (4 + 4); the trailer is a field count of -1. */
const COPY_HEADER_BYTES = 19;
const COPY_TRAILER_BYTES = 2;

export interface BigOrganization {
  organizationId: string;
  products: number;
}

/**
 * Organizations named `name` and how many products each holds; at most one is expected.
 */
export async function findOrganization(client: Client, name: string): Promise<Array<BigOrganization & { pending: number }>> {
  const { rows } = await client.query<{ id: string; products: string; pending: string }>(
    `SELECT o.id,
            (SELECT count(*) FROM products p WHERE p.organization_id = o.id) AS products,
            (SELECT count(*) FROM product_search_pending q WHERE q.organization_id = o.id) AS pending
       FROM organizations o WHERE o.name = $1`,
    [name],
  );
  return rows.map((r) => ({ organizationId: r.id, products: Number(r.products), pending: Number(r.pending) }));
}

/**
 * Writes `count` bench-generator products into the organization as an import would store them
 * (validated, canonical JSON, content and raw hashes) with one binary COPY, and lists each as
 * pending for the search indexer, in one transaction. Returns the seconds spent.
 */
export async function copyProducts(client: Client, organizationId: string, count: number, seed: number): Promise<number> {
  const started = performance.now();
  const jobId = randomUUID();
  // productCopyPieces frames one COPY per call (header, rows, trailer): batches are joined by
  // dropping every header but the first and every trailer but the last.
  function* pieces(): Generator<Buffer> {
    const source = realisticProducts(seed);
    let written = 0;
    while (written < count) {
      const rows: ProductWrite[] = [];
      while (rows.length < ROWS_PER_BATCH && written < count) {
        rows.push(toWrite(source.next().value as unknown));
        written++;
      }
      const batch = [...productCopyPieces(organizationId, jobId, rows)];
      if (written > rows.length) batch[0] = batch[0].subarray(COPY_HEADER_BYTES);
      if (written < count) batch[batch.length - 1] = batch[batch.length - 1].subarray(0, -COPY_TRAILER_BYTES);
      yield* batch;
    }
  }
  await client.query('BEGIN');
  try {
    const stream = client.query(copyFrom(`COPY products (${PRODUCT_COPY_COLUMNS}) FROM STDIN (FORMAT binary)`));
    await pipeline(Readable.from(pieces()), stream);
    await client.query(
      `INSERT INTO product_search_pending (organization_id, product_id) SELECT organization_id, product_id FROM products WHERE organization_id = $1`,
      [organizationId],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  return (performance.now() - started) / 1000;
}

/** A generated product as the import writes it. */
function toWrite(element: unknown): ProductWrite {
  const product = fastValidProduct(element) ?? validOrThrow(element);
  const json = Buffer.from(canonicalJson(product), 'utf8');
  const raw = Buffer.from(JSON.stringify(element), 'utf8');
  return {
    productId: product.id,
    contentHash: contentHashOfCanonical(json),
    rawHash: versionedHash(raw, 0, raw.length),
    json,
    exists: false,
  };
}

function validOrThrow(element: unknown) {
  const result = validateProduct(element);
  if (!result.valid) throw new Error(`generated product is invalid: ${JSON.stringify(result.errors)}`);
  return result.product;
}
