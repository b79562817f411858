import { canonicalJson } from '../../catalog/hashing/canonical-json';
import { contentHashOfCanonical, versionedHash } from '../../catalog/hashing/content-hash';
import type { StoredHashes } from '../../catalog/product-write';
import { FAST_PATH, type FastPath } from './fast-path/fast-path';
import { validateProduct } from '../../catalog/product/product-validator';
import { isStorableString } from '../../common/text/storable-string';
import { PRODUCT_LIMITS } from '../../catalog/validation/product-limits';
import type { ElementOutcome } from './element-outcome';
import type { InvalidVerdicts } from './invalid-verdicts';
import { jsonSyntaxMessage } from './json-syntax-message';
import { elementText, MAX_ELEMENT_BYTES, type RawElement } from './raw-element';

/** An element after JSON.parse, before validation. */
export interface ParsedElement {
  index: number;
  /**
   * SHA-256 of the raw bytes, taken only for elements with an id hint: without a usable id an
   * element cannot be valid, and hashing 26 million `0` elements would cost more than the rest.
   */
  rawHash: string | null;
  /** The element as cut from the file (its bytes, for a raw hash taken late). */
  raw: RawElement;
  /** The id as it would be stored, when the element has a usable one (used for the fast path). */
  idHint: string | null;
  value?: unknown;
  failure?: string;
  /** Known identical to the stored product (raw hash matched): `value` was never parsed. */
  unparsed?: true;
  /**
   * The canonical JSON copied from the element's bytes right after parsing (while they are in the
   * CPU's cache), for use if validation accepts the element; null when they do not hold it as is.
   */
  canonical?: Buffer | null;
  /** Found valid by its reader as it mapped it (RawElement.validId): `canonical` is its stored text, `value` absent. */
  checked?: true;
}

/** An element known identical to the stored product `id` (its raw hash matched): never parsed. */
export function unchangedElement(element: RawElement, id: string, rawHash: string): ParsedElement {
  return { index: element.index, rawHash, raw: element, idHint: id, unparsed: true };
}

export function parseElement(element: RawElement, knownRawHash?: string, fastPath: FastPath = FAST_PATH): ParsedElement {
  if (element.failure !== undefined) return { index: element.index, rawHash: null, raw: element, idHint: null, failure: element.failure };
  if (element.oversized || element.source === null) {
    return {
      index: element.index,
      rawHash: null,
      raw: element,
      idHint: null,
      failure: `product is ${element.byteLength.toLocaleString('en-US')} bytes; the limit is ${MAX_ELEMENT_BYTES.toLocaleString('en-US')} bytes (256 KiB)`,
    };
  }
  // A row its reader found valid is not parsed (unless the canonical-bytes shortcut is off: then its
  // bytes are parsed and judged like a JSON element's).
  const checked = element.validId === undefined ? null : fastPath.canonicalBytesOf(element);
  if (checked !== null) {
    const rawHash = knownRawHash ?? rawHashOfElement(element);
    return { index: element.index, rawHash, raw: element, idHint: element.validId!, canonical: checked, checked: true };
  }
  let value: unknown = element.mapped; // a row or item a reader mapped: its bytes are the JSON of this
  if (value === undefined) {
    const text = elementText(element)!;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return { index: element.index, rawHash: null, raw: element, idHint: null, failure: jsonSyntaxMessage(text, element.offset, error) };
    }
  }
  const idHint = idHintOf(value);
  if (idHint === null) return { index: element.index, rawHash: null, raw: element, idHint, value };
  const canonical = fastPath.canonicalBytesOf(element);
  return { index: element.index, rawHash: knownRawHash ?? rawHashOfElement(element), raw: element, idHint, value, canonical };
}

/**
 * Validates and hashes parsed elements. An element whose raw bytes hash equal to what the catalog
 * stores for its id (and whose id appears once in the batch) is known valid and unchanged: it
 * skips validation and canonicalisation.
 */
export function evaluateElements(
  parsed: ParsedElement[],
  stored: ReadonlyMap<string, StoredHashes>,
  verdicts?: InvalidVerdicts,
  fastPath: FastPath = FAST_PATH,
): ElementOutcome[] {
  return parsed.map(elementEvaluation(parsed, stored, verdicts, fastPath));
}

/** evaluateElements for one element of `parsed` at a time (a caller may yield in between). */
export function elementEvaluation(
  parsed: readonly ParsedElement[],
  stored: ReadonlyMap<string, StoredHashes>,
  verdicts?: InvalidVerdicts,
  fastPath: FastPath = FAST_PATH,
): (p: ParsedElement) => ElementOutcome {
  const occurrences = new Map<string, number>();
  for (const p of parsed) if (p.idHint !== null) occurrences.set(p.idHint, (occurrences.get(p.idHint) ?? 0) + 1);
  return (p: ParsedElement): ElementOutcome => {
    if (p.failure !== undefined) return { kind: 'invalid', index: p.index, productId: null, errors: [{ field: '', message: p.failure }] };
    if (p.idHint !== null && p.rawHash !== null && occurrences.get(p.idHint) === 1 && stored.get(p.idHint)?.rawHash === p.rawHash) {
      return { kind: 'valid', index: p.index, productId: p.idHint, rawHash: p.rawHash, contentHash: null, json: null };
    }
    const canonical = p.canonical ?? null;
    if (p.checked) return validElement(p, p.idHint!, canonical!);
    // With the canonical JSON already copied from the bytes, the fast check only has to say "valid"
    // (and the id); no product is built.
    if (canonical !== null) {
      const fastId = fastPath.fastValidProductId(p.value);
      if (fastId !== null) return validElement(p, fastId, canonical);
    }
    // The fast check accepts only what the DTO accepts (property-tested); anything else gets the
    // full class-validator run, which also produces the error messages (or its remembered verdict).
    // (fastValidProductId said no: so would fastValidProduct.)
    const fast = canonical === null ? fastPath.fastValidProduct(p.value) : null;
    const known = fast || p.rawHash === null ? undefined : verdicts?.get(p.rawHash);
    if (known) return { kind: 'invalid', index: p.index, productId: known.productId, errors: known.errors };
    const result = fast ? { valid: true as const, product: fast } : validateProduct(p.value);
    if (!result.valid) {
      if (p.rawHash !== null) verdicts?.remember(p.rawHash, Object.freeze({ productId: result.productId, errors: result.errors }));
      return { kind: 'invalid', index: p.index, productId: result.productId, errors: result.errors };
    }
    return validElement(p, result.product.id, canonical ?? Buffer.from(canonicalJson(result.product), 'utf8'));
  };
}

function validElement(p: ParsedElement, productId: string, json: Buffer): ElementOutcome {
  const rawHash = p.rawHash ?? rawHashOfElement(p.raw);
  // A mapped row's bytes are its canonical JSON (the fast path hands them on as they are): both
  // hashes are the same SHA-256 of the same bytes, taken once.
  const contentHash = json === p.raw.source && json.length === p.raw.byteLength ? rawHash : contentHashOfCanonical(json);
  return { kind: 'valid', index: p.index, productId, rawHash, contentHash, json };
}

/** The id used to look up stored hashes: only one PostgreSQL can hold (validation judges the rest). */
function idHintOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const id = (value as { id?: unknown }).id;
  if (typeof id === 'string' && id.length > 0 && id.length <= PRODUCT_LIMITS.idMaxLength && isStorableString(id)) return id;
  if (typeof id === 'number' && Number.isSafeInteger(id)) return String(id);
  return null;
}

/**
 * SHA-256 of `product:v1\n` followed by the element's raw bytes, in hex: the definition stored raw hashes
 * were made with (pinned by a test).
 */
export function rawHashOf(bytes: Buffer, from = 0, to = bytes.length): string {
  return versionedHash(bytes, from, to);
}

/** rawHashOf a cut element's bytes (those of an element not retained hash as empty). */
export function rawHashOfElement(element: RawElement): string {
  return element.source === null
    ? rawHashOf(Buffer.alloc(0))
    : rawHashOf(element.source, element.start, element.start + element.byteLength);
}
