import type { ProductWrite, StoredHashes } from '../../catalog/product-write';
import type { ElementOutcome, InvalidElement } from './element-outcome';
import { catalogFullError, UNLIMITED, type ProductRoom } from './product-quota';

export interface BatchDiff {
  writes: ProductWrite[];
  /** Every product id a valid element of the batch names, written or unchanged (an import's language applies to all). */
  named: string[];
  invalid: InvalidElement[];
  indexed: number;
  skipped: number;
  failed: number;
}

/**
 * Compares a batch's valid elements with the catalog, in file order: each occurrence of an id is
 * compared with the state the earlier ones left, and the last occurrence is the one written.
 * Elements arrive with a content hash unless their raw bytes equalled the stored raw hash.
 * New products beyond `quota.room` fail, in file order, with an error naming the limit: the batch
 * still applies whole (its writes, errors and counters commit together).
 */
export function diffBatch(
  outcomes: ElementOutcome[],
  stored: ReadonlyMap<string, StoredHashes>,
  quota: ProductRoom = UNLIMITED,
): BatchDiff {
  const state = new Map(stored);
  const writes = new Map<string, ProductWrite>();
  const invalid: InvalidElement[] = [];
  const named = new Set<string>();
  let indexed = 0;
  let skipped = 0;
  let room = quota.room;
  for (const outcome of outcomes) {
    if (outcome.kind === 'invalid') {
      invalid.push(outcome);
      continue;
    }
    const current = state.get(outcome.productId);
    if (current || room > 0) named.add(outcome.productId);
    if (current && isUnchanged(current, outcome.rawHash, outcome.contentHash)) {
      skipped++;
      continue;
    }
    if (!current) {
      if (room <= 0) {
        invalid.push({ kind: 'invalid', index: outcome.index, productId: outcome.productId, errors: [catalogFullError(quota.limit)] });
        continue;
      }
      room--;
    }
    if (!outcome.contentHash || outcome.json === null) {
      throw new Error(`element ${outcome.index} has no content hash but differs from the catalog`);
    }
    indexed++;
    const write = {
      productId: outcome.productId,
      contentHash: outcome.contentHash,
      rawHash: outcome.rawHash,
      json: outcome.json,
      // Against the catalog before this batch: a new id seen twice in the batch is still one insert.
      exists: stored.has(outcome.productId),
    };
    state.set(outcome.productId, { contentHash: write.contentHash, rawHash: write.rawHash });
    writes.delete(outcome.productId); // keep insertion order = order of last occurrence
    writes.set(outcome.productId, write);
  }
  return { writes: [...writes.values()], named: [...named], invalid, indexed, skipped, failed: invalid.length };
}

function isUnchanged(current: StoredHashes, rawHash: string, contentHash: string | null): boolean {
  return current.rawHash === rawHash || (contentHash !== null && current.contentHash === contentHash);
}
