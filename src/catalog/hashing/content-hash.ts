import { createHash, hash } from 'node:crypto';
import { ValidProduct } from '../product/valid-product';
import { canonicalJson } from './canonical-json';

/** Bump when normalisation or serialisation changes, so stored hashes are not compared across versions. */
export const CONTENT_HASH_VERSION = 'product:v1';

/**
 * SHA-256 of the versioned canonical JSON, in hex: equal for equal content whatever the key order.
 * Hex strings, as the stored-hash lookup reads them (encode(…, 'hex')), and cheaper than Buffers.
 */
export function contentHash(product: ValidProduct): string {
  return hash('sha256', `${CONTENT_HASH_VERSION}\n${canonicalJson(product)}`, 'hex');
}

/** The same hash from the canonical JSON's UTF-8 bytes, which the import already has (and stores). */
export function contentHashOfCanonical(json: Buffer): string {
  return versionedHash(json, 0, json.length);
}

const VERSION_PREFIX = Buffer.from(`${CONTENT_HASH_VERSION}\n`, 'utf8');
/** The prefix, then room for the largest element an import keeps (MAX_ELEMENT_BYTES, 256 KiB): one copy and one native call per hash. */
const scratch = Buffer.alloc(VERSION_PREFIX.length + 262_144);
VERSION_PREFIX.copy(scratch);

/**
 * SHA-256 of `product:v1\n` followed by bytes[from, to), in hex: the content hash of canonical JSON
 * bytes, and the raw hash of an element's bytes as written in the file. Copying into a scratch
 * buffer and hashing it in one call is cheaper than a string concatenation (and its UTF-8
 * encoding) or a Hash object per product.
 */
export function versionedHash(bytes: Buffer, from: number, to: number): string {
  const length = VERSION_PREFIX.length + to - from;
  if (length > scratch.length) return createHash('sha256').update(VERSION_PREFIX).update(bytes.subarray(from, to)).digest('hex');
  bytes.copy(scratch, VERSION_PREFIX.length, from, to);
  return hash('sha256', scratch.subarray(0, length), 'hex');
}
