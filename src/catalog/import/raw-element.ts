/** The largest product element accepted, in bytes of the file (256 KiB); larger ones fail alone. */
export const MAX_ELEMENT_BYTES = 262_144;

/** One element of the uploaded array as the splitter cuts it and the batch evaluates it. */
export interface RawElement {
  /** 0-based position in the array. */
  index: number;
  /**
   * The element's trimmed bytes as written in the file (valid UTF-8); null when oversized or when
   * index < emitFrom. Usually a view into the chunk it was cut from (so a batch's elements keep
   * their few chunks alive, nothing more): read-only. Decoded only when the element is parsed.
   */
  bytes: Buffer | null;
  /** Size of the element's trimmed raw bytes as written in the file. */
  byteLength: number;
  /** File byte offset of the element's first byte (for messages about it). */
  offset: number;
  /** byteLength > maxElementBytes; such an element's bytes are never retained. */
  oversized: boolean;
}

/** The element's raw text, decoded from its bytes (null when they were not retained). */
export function elementText(element: Pick<RawElement, 'bytes'>): string | null {
  return element.bytes === null ? null : element.bytes.toString('utf8');
}
