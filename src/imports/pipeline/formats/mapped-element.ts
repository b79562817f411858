import { MAX_ELEMENT_BYTES, type RawElement } from '../raw-element';

/**
 * A product object a reader mapped from a row or item, as the raw element the pipeline takes: its
 * JSON (id first, so the re-import fast path can guess it), and the object itself, so it is not parsed
 * again. Serialisation is deterministic, so an unchanged row re-uploaded hashes as before and is
 * skipped without validation. A mapping gives only what JSON keeps as it is (strings, finite numbers
 * other than -0, arrays and plain objects of them): the object equals the parse of its JSON.
 */
export function mappedElement(index: number, product: Record<string, unknown>, line: number, offset: number): RawElement {
  const mapped = product.id === undefined || firstKey(product) === 'id' ? product : withIdFirst(product);
  const source = Buffer.from(JSON.stringify(mapped), 'utf8');
  if (source.length > MAX_ELEMENT_BYTES) return { index, source: null, start: 0, byteLength: source.length, offset, oversized: true, line };
  return { index, source, start: 0, byteLength: source.length, offset, oversized: false, line, mapped };
}

/** A row or item that could not be read as a product: it fails alone with `message`. */
export function failedElement(index: number, message: string, line: number, offset: number): RawElement {
  return { index, source: null, start: 0, byteLength: 0, offset, oversized: false, line, failure: message };
}

function firstKey(object: Record<string, unknown>): string | undefined {
  for (const key in object) return key;
  return undefined;
}

function withIdFirst(product: Record<string, unknown>): Record<string, unknown> {
  const { id, ...rest } = product;
  return { id, ...rest };
}
