import type { FieldError } from '../../catalog/product/product-validator';

/** Invalid elements remembered: ~10,000 × a few hundred bytes of messages, a few MiB at most. */
export const INVALID_VERDICTS_MAX = 10_000;

export interface InvalidVerdict {
  productId: string | null;
  errors: FieldError[];
}

/**
 * The verdicts of invalid elements, by the SHA-256 of their raw bytes. Validation is a pure
 * function of an element's bytes, and the full validator that explains an invalid product costs
 * far more than the check (class-validator builds every message), so a feed re-sent with the same
 * broken products is not explained again. Least recently used entries go first.
 */
export class InvalidVerdicts {
  private readonly entries = new Map<string, InvalidVerdict>();

  constructor(private readonly max = INVALID_VERDICTS_MAX) {}

  get size(): number {
    return this.entries.size;
  }

  get(rawHash: string): InvalidVerdict | undefined {
    const verdict = this.entries.get(rawHash);
    if (verdict) {
      this.entries.delete(rawHash); // most recently used: to the end of the insertion order
      this.entries.set(rawHash, verdict);
    }
    return verdict;
  }

  remember(rawHash: string, verdict: InvalidVerdict): void {
    this.entries.delete(rawHash);
    this.entries.set(rawHash, verdict);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }
}
