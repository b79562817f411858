import type { ValidProduct } from '../../../catalog/product/valid-product';
import type { RawElement } from '../raw-element';
import { ByteArena, canonicalProductBytes } from './canonical-product-bytes';
import { FAST_PATH_SCHEMA_DRIFT, fastValidProduct, fastValidProductId } from './fast-product-check';
import { guessId } from './guess-id';
import { reportableProductId } from '../../../catalog/product/product-id';

/**
 * The import's byte-level shortcuts, behind one door. Each answers exactly what the reference path
 * (JSON.parse → validateProduct → canonicalJson) would, or null for "take the reference path";
 * the property specs beside each shortcut check that agreement.
 */

/** Whether the fast product check runs, and why not: its rules must match ProductDto's decorators. */
export interface FastPathStatus {
  readonly enabled: boolean;
  /** What differs between ProductDto and the fast rules; empty when enabled. */
  readonly drift: readonly string[];
}

export const FAST_PATH_STATUS: FastPathStatus = Object.freeze({
  enabled: FAST_PATH_SCHEMA_DRIFT.length === 0,
  drift: FAST_PATH_SCHEMA_DRIFT,
});

/** Output space for canonical texts copied from elements' bytes (slices of it are the batch's `json`). */
const canonicalArena = new ByteArena();

/** The product's canonical JSON copied from the element's own bytes, or null when they do not hold it as is. */
export function canonicalBytesOf(element: RawElement): Buffer | null {
  if (element.source === null) return null;
  // A row or item a reader mapped and found valid is written as its canonical JSON already
  // (mapped-element.ts); one the fast check refused is left to the reference path.
  if (element.validId !== undefined) return element.source;
  if (element.mapped !== undefined) return null;
  return canonicalProductBytes(element.source, element.start, element.start + element.byteLength, canonicalArena);
}

/** The id an element most likely has, read from its first bytes (a key for the stored raw hash), or null. */
export function guessElementId(element: RawElement): string | null {
  if (element.validId !== undefined) return element.validId; // known, not guessed
  if (element.mapped !== undefined) return reportableProductId(element.mapped);
  return guessId(element.source, element.start, element.start + element.byteLength);
}

export { fastValidProduct, fastValidProductId, guessId };

/** Which shortcuts run. Production runs them all; the fast-path bench and specs switch them one at a time. */
export interface FastPathShortcuts {
  /** fast-product-check: the DTO's rules without class-validator. */
  readonly productCheck: boolean;
  /** canonical-product-bytes: the canonical JSON copied from the element's bytes. */
  readonly canonicalBytes: boolean;
  /** guess-id: the id read from the first bytes, so an unchanged element of a re-import is never parsed. */
  readonly guessId: boolean;
}

export const ALL_SHORTCUTS: FastPathShortcuts = Object.freeze({
  productCheck: true,
  canonicalBytes: true,
  guessId: true,
});

/** The fast path's functions; a switched-off shortcut answers what the reference path would do. */
export interface FastPath {
  canonicalBytesOf(element: RawElement): Buffer | null;
  fastValidProduct(element: unknown): ValidProduct | null;
  fastValidProductId(element: unknown): string | null;
  guessElementId(element: RawElement): string | null;
}

const none = (): null => null;

export function fastPathWith(shortcuts: FastPathShortcuts): FastPath {
  return {
    canonicalBytesOf: shortcuts.canonicalBytes ? canonicalBytesOf : none,
    fastValidProduct: shortcuts.productCheck ? fastValidProduct : none,
    fastValidProductId: shortcuts.productCheck ? fastValidProductId : none,
    guessElementId: shortcuts.guessId ? guessElementId : none,
  };
}

/** Every shortcut on: what the import runs. */
export const FAST_PATH: FastPath = fastPathWith(ALL_SHORTCUTS);
