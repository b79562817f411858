/**
 * What an import batch writes and reads per product: plain shapes, shared by the diff and the
 * repository. Hashes are SHA-256 digests in lower-case hex (64 characters).
 */
export interface ProductWrite {
  productId: string;
  contentHash: string;
  rawHash: string;
  /** The validated product's canonical JSON as UTF-8 (serialised once; written as it is). */
  json: Buffer;
  /** The catalog already holds this id (as committed, or written by the batch committing before this one). */
  exists: boolean;
}

export interface StoredHashes {
  contentHash: string;
  rawHash: string | null;
}
