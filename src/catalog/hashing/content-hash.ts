import { createHash } from 'node:crypto';
import { ValidProduct } from '../validation/valid-product';
import { canonicalJson } from './canonical-json';

/** Bump when normalisation or serialisation changes, so stored hashes are not compared across versions. */
export const CONTENT_HASH_VERSION = 'product:v1';

/** SHA-256 of the versioned canonical JSON: equal for equal content whatever the key order. */
export function contentHash(product: ValidProduct): Buffer {
  return contentHashOfCanonical(canonicalJson(product));
}

/** The same hash from canonical JSON the caller already has (the import stores that text too). */
export function contentHashOfCanonical(json: string): Buffer {
  return createHash('sha256').update(`${CONTENT_HASH_VERSION}\n${json}`, 'utf8').digest();
}
