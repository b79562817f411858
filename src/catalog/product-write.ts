/** What an import batch writes and reads per product: plain shapes, shared by the diff and the repository. */
export interface ProductWrite {
  productId: string;
  contentHash: Buffer;
  rawHash: Buffer;
  /** The validated product as JSON text (already serialised once; not re-serialised here). */
  json: string;
  /** The catalog already holds this id (as committed, or written by the batch committing before this one). */
  exists: boolean;
}

export interface StoredHashes {
  contentHash: Buffer;
  rawHash: Buffer | null;
}
