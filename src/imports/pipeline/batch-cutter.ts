/** The smallest element that can be a valid product, `{"id":0,"title":"x"}`: anything shorter can only fail. */
export const MIN_PRODUCT_BYTES = 20;
/**
 * What an element costs in memory besides its text while its batch is prepared (its objects,
 * raw hash, outcome), counted towards the byte budget so a batch of tiny elements stays bounded.
 */
export const ELEMENT_OVERHEAD_BYTES = 256;

export interface BatchLimits {
  /** IMPORT_BATCH_SIZE: elements that could be products (and so need a write) per batch. */
  maxProducts: number;
  /** IMPORT_BATCH_BYTES: element bytes plus ELEMENT_OVERHEAD_BYTES each, per batch. */
  maxBytes: number;
}

/**
 * Decides where the apply pass cuts batches. A batch ends when it holds `maxProducts`
 * product-sized elements (the count bounds the rows one transaction writes) or when its bytes
 * reach `maxBytes` (bounds memory and statement sizes: 256 KiB elements are not taken 1,000 at a
 * time). Elements too small to be products never need a write, so they count only by bytes:
 * 26 million `0` elements make about 3,200 transactions at the defaults, not 26,000.
 */
export class BatchCutter {
  private products = 0;
  private bytes = 0;

  constructor(private readonly limits: BatchLimits) {}

  /** Counts an element into the current batch; true when that completes the batch. */
  add(element: { byteLength: number; oversized: boolean }): boolean {
    if (element.byteLength >= MIN_PRODUCT_BYTES) this.products++;
    // An oversized element's text is never kept: only its bookkeeping costs memory.
    this.bytes += (element.oversized ? 0 : element.byteLength) + ELEMENT_OVERHEAD_BYTES;
    if (this.products < this.limits.maxProducts && this.bytes < this.limits.maxBytes) return false;
    this.products = 0;
    this.bytes = 0;
    return true;
  }
}
