import type { FieldError } from '../../catalog/product/product-validator';

/** What one element of an uploaded array turned out to be, before comparison with the catalog. */
export type ElementOutcome = ValidElement | InvalidElement;

export interface ValidElement {
  kind: 'valid';
  index: number;
  productId: string;
  /** SHA-256 of the element's raw bytes (with the schema version tag), in hex. */
  rawHash: string;
  /** Present unless the raw bytes matched the stored raw hash (fast path: not validated again). */
  contentHash: string | null;
  /** The canonical JSON as UTF-8 (what is stored and hashed); null when contentHash is. */
  json: Buffer | null;
}

export interface InvalidElement {
  kind: 'invalid';
  index: number;
  productId: string | null;
  errors: FieldError[];
}
