/** The largest product element accepted, in bytes of the file (256 KiB); larger ones fail alone. */
export const MAX_ELEMENT_BYTES = 262_144;

/** One element of the uploaded array as the splitter cuts it and the batch evaluates it. */
export interface RawElement {
  /** 0-based position in the array. */
  index: number;
  /**
   * Holds the element's trimmed bytes as written in the file (valid UTF-8) at
   * [start, start + byteLength); null when oversized or when index < emitFrom. Usually the chunk
   * the element was cut from (so a batch's elements keep their few chunks alive, nothing more),
   * a copy only when the element spans chunks: read-only. No view object is made per element, and
   * the text is decoded only when the element is parsed.
   */
  source: Buffer | null;
  /** Where the element's bytes begin in `source`. */
  start: number;
  /** Size of the element's trimmed raw bytes as written in the file. */
  byteLength: number;
  /** File byte offset of the element's first byte (for messages about it). */
  offset: number;
  /** byteLength > maxElementBytes; such an element's bytes are never retained. */
  oversized: boolean;
  /** 1-based line of the file where a line- or row-based format's item is (absent for the JSON array). */
  line?: number;
  /** Why a reader could not read this row or item as a product (it then fails alone); absent when it could. */
  failure?: string;
  /**
   * A row or item a reader mapped to a product that passed the fast product check as mapped (so it is
   * valid, with this string id): the bytes, all of `source`, are its canonical JSON, what the catalog
   * stores. Nothing is parsed or validated again, and no object is held per element until its batch
   * is prepared (held objects made the garbage collector a tenth of an XML import).
   */
  validId?: string;
  /**
   * A mapped product that did not pass the fast check (validation then names its errors): what
   * JSON.parse of the bytes (all of `source`, its canonical JSON) would give, so they are not parsed again.
   * Absent for the JSON formats.
   */
  mapped?: Record<string, unknown>;
}

type ElementBytes = Pick<RawElement, 'source' | 'start' | 'byteLength'>;

/** The element's raw text, decoded from its bytes (null when they were not retained). */
export function elementText(element: ElementBytes): string | null {
  return element.source === null ? null : element.source.toString('utf8', element.start, element.start + element.byteLength);
}

/** The element's raw bytes as a view (null when they were not retained). */
export function elementBytes(element: ElementBytes): Buffer | null {
  return element.source === null ? null : element.source.subarray(element.start, element.start + element.byteLength);
}
