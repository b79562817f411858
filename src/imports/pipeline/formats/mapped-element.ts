import { fastValidProductId } from '../fast-path/fast-path';
import { canonicalJson } from '../../../catalog/hashing/canonical-json';
import { MAX_ELEMENT_BYTES, type RawElement } from '../raw-element';

/**
 * A product object a reader mapped from a row or item, as the raw element the pipeline takes: its
 * canonical JSON (canonicalJson: keys sorted, no whitespace), checked at once by the fast product
 * check. A product valid as mapped (with a string id) is stored as these very bytes: the element
 * keeps its id (`validId`), not the object, and one hash serves as raw and content hash. Any other
 * keeps the object (`mapped`) for validation to judge without parsing its JSON. Deterministic, so an
 * unchanged row re-uploaded hashes as before and is skipped. A mapping gives only what JSON keeps as
 * it is (strings, finite numbers other than -0, arrays and plain objects of them): the object equals
 * the parse of its JSON.
 */
export function mappedElement(index: number, product: Record<string, unknown>, line: number, offset: number): RawElement {
  const source = Buffer.from(canonicalText(product), 'utf8');
  if (source.length > MAX_ELEMENT_BYTES) return { index, source: null, start: 0, byteLength: source.length, offset, oversized: true, line };
  const element: RawElement = { index, source, start: 0, byteLength: source.length, offset, oversized: false, line };
  const validId = typeof product.id === 'string' ? fastValidProductId(product) : null;
  if (validId !== null) element.validId = validId;
  else element.mapped = product;
  return element;
}

/** A row or item that could not be read as a product: it fails alone with `message`. */
export function failedElement(index: number, message: string, line: number, offset: number): RawElement {
  return { index, source: null, start: 0, byteLength: 0, offset, oversized: false, line, failure: message };
}

/**
 * canonicalJson(product). Mappings build their objects in canonical key order, so JSON.stringify
 * (native, half canonicalJson's time) prints the same text; checked, not assumed.
 */
function canonicalText(product: Record<string, unknown>): string {
  return inCanonicalOrder(product) ? JSON.stringify(product) : canonicalJson(product);
}

/** Whether every object in `value` lists its keys in strictly ascending UTF-16 order (as canonicalJson sorts them). */
function inCanonicalOrder(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (!inCanonicalOrder(item)) return false;
    return true;
  }
  const keys = Object.keys(value); // JSON.stringify's order
  for (let i = 0; i < keys.length; i++) {
    if (i > 0 && !(keys[i - 1] < keys[i])) return false;
    if (!inCanonicalOrder((value as Record<string, unknown>)[keys[i]])) return false;
  }
  return true;
}
