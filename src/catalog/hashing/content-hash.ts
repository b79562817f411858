import { hash } from 'node:crypto';
import { ValidProduct } from '../validation/valid-product';
import { canonicalProductJson } from './canonical-product-json';

/** Bump when normalisation or serialisation changes, so stored hashes are not compared across versions. */
export const CONTENT_HASH_VERSION = 'product:v1';

/** SHA-256 of the versioned canonical JSON: equal for equal content whatever the key order. */
export function contentHash(product: ValidProduct): Buffer {
  return contentHashOfCanonical(canonicalProductJson(product));
}

/** The same hash from canonical JSON the caller already has (the import stores that text too). */
export function contentHashOfCanonical(json: string): Buffer {
  // One-shot crypto.hash: the same digest as createHash().update().digest(), without building a
  // Hash object per product (2-3× faster for product-sized inputs, 120,000 calls per 50 MiB import).
  return hash('sha256', `${CONTENT_HASH_VERSION}\n${json}`, 'buffer');
}
