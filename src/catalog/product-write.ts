/** What an import batch writes and reads per product: plain shapes, shared by the diff and the repository. */
export interface ProductWrite {
  productId: string;
  contentHash: Buffer;
  rawHash: Buffer;
  /** The validated product's canonical JSON as UTF-8 (serialised once; written as it is). */
  json: Buffer;
  /** The catalog already holds this id (as committed, or written by the batch committing before this one). */
  exists: boolean;
}

export interface StoredHashes {
  contentHash: Buffer;
  rawHash: Buffer | null;
}
