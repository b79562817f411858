import { hash } from 'node:crypto';
import { canonicalProductJson } from '../hashing/canonical-product-json';
import { CONTENT_HASH_VERSION, contentHashOfCanonical } from '../hashing/content-hash';
import type { StoredHashes } from '../product-write';
import { fastValidProduct } from '../validation/fast-product-check';
import { validateProduct } from '../validation/product-validator';
import { isStorableString } from '../../common/text/storable-string';
import { PRODUCT_LIMITS } from '../validation/product-limits';
import type { ElementOutcome } from './element-outcome';
import { jsonSyntaxMessage } from './json-syntax-message';
import { MAX_ELEMENT_BYTES, type RawElement } from './raw-element';

/** An element after JSON.parse, before validation. */
export interface ParsedElement {
  index: number;
  /**
   * SHA-256 of the raw bytes, taken only for elements with an id hint: without a usable id an
   * element cannot be valid, and hashing 26 million `0` elements would cost more than the rest.
   */
  rawHash: Buffer | null;
  text: string | null;
  /** The id as it would be stored, when the element has a usable one (used for the fast path). */
  idHint: string | null;
  value?: unknown;
  failure?: string;
  /** Known identical to the stored product (raw hash matched): `value` was never parsed. */
  unparsed?: true;
}

/**
 * The id an element most likely has, read from its first bytes without parsing (`{"id":"SKU-1",…`
 * or `{"id":42,…`), or null. Only a key for looking up the stored raw hash: an element whose raw
 * bytes hash equal to what is stored for that id is byte for byte the element stored under it, so
 * the guess is then right whatever the rest of the element holds; otherwise it is parsed as usual.
 */
export function guessId(text: string | null): string | null {
  if (text === null || !text.startsWith('{"id":')) return null;
  if (text.charCodeAt(6) === 0x22) {
    const end = text.indexOf('"', 7);
    if (end < 8 || end - 7 > PRODUCT_LIMITS.idMaxLength) return null;
    const id = text.slice(7, end);
    return id.includes('\\') || !isStorableString(id) ? null : id;
  }
  const digits = /^[1-9][0-9]{0,14}(?=[,}])/.exec(text.slice(6, 22));
  return digits ? digits[0] : null;
}

/** An element known identical to the stored product `id` (its raw hash matched): never parsed. */
export function unchangedElement(element: RawElement, id: string, rawHash: Buffer): ParsedElement {
  return { index: element.index, rawHash, text: element.text, idHint: id, unparsed: true };
}

export function parseElement(element: RawElement, knownRawHash?: Buffer): ParsedElement {
  if (element.oversized || element.text === null) {
    return {
      index: element.index,
      rawHash: null,
      text: null,
      idHint: null,
      failure: `product is ${element.byteLength.toLocaleString('en-US')} bytes; the limit is ${MAX_ELEMENT_BYTES.toLocaleString('en-US')} bytes (256 KiB)`,
    };
  }
  const text = element.text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { index: element.index, rawHash: null, text, idHint: null, failure: jsonSyntaxMessage(text, element.offset, error) };
  }
  const idHint = idHintOf(value);
  return { index: element.index, rawHash: idHint === null ? null : (knownRawHash ?? rawHashOf(text)), text, idHint, value };
}

/**
 * Validates and hashes parsed elements. An element whose raw bytes hash equal to what the catalog
 * stores for its id (and whose id appears once in the batch) is known valid and unchanged: it
 * skips validation and canonicalisation.
 */
export function evaluateElements(parsed: ParsedElement[], stored: ReadonlyMap<string, StoredHashes>): ElementOutcome[] {
  const occurrences = new Map<string, number>();
  for (const p of parsed) if (p.idHint !== null) occurrences.set(p.idHint, (occurrences.get(p.idHint) ?? 0) + 1);
  return parsed.map((p): ElementOutcome => {
    if (p.failure !== undefined) return { kind: 'invalid', index: p.index, productId: null, errors: [{ field: '', message: p.failure }] };
    if (p.idHint !== null && p.rawHash !== null && occurrences.get(p.idHint) === 1 && stored.get(p.idHint)?.rawHash?.equals(p.rawHash)) {
      return { kind: 'valid', index: p.index, productId: p.idHint, rawHash: p.rawHash, contentHash: null, json: null };
    }
    // The fast check accepts only what the DTO accepts (property-tested); anything else gets the
    // full class-validator run, which also produces the error messages.
    const fast = fastValidProduct(p.value);
    const result = fast ? { valid: true as const, product: fast } : validateProduct(p.value);
    if (!result.valid) return { kind: 'invalid', index: p.index, productId: result.productId, errors: result.errors };
    const json = canonicalProductJson(result.product);
    return {
      kind: 'valid',
      index: p.index,
      productId: result.product.id,
      rawHash: p.rawHash ?? rawHashOf(p.text ?? ''),
      contentHash: contentHashOfCanonical(json),
      json,
    };
  });
}

/** The id used to look up stored hashes: only one PostgreSQL can hold (validation judges the rest). */
function idHintOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const id = (value as { id?: unknown }).id;
  if (typeof id === 'string' && id.length > 0 && id.length <= PRODUCT_LIMITS.idMaxLength && isStorableString(id)) return id;
  if (typeof id === 'number' && Number.isSafeInteger(id)) return String(id);
  return null;
}

export function rawHashOf(text: string): Buffer {
  return hash('sha256', `${CONTENT_HASH_VERSION}\n${text}`, 'buffer'); // one-shot, as contentHashOfCanonical
}
