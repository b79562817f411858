/** The largest product element accepted, in bytes of the file (256 KiB); larger ones fail alone. */
export const MAX_ELEMENT_BYTES = 262_144;

/** One element of the uploaded array as the splitter cuts it and the batch evaluates it. */
export interface RawElement {
  /** 0-based position in the array. */
  index: number;
  /** Raw element text (trimmed); null when oversized or when index < emitFrom. */
  text: string | null;
  /** Size of the element's trimmed raw bytes as written in the file. */
  byteLength: number;
  /** File byte offset of the element's first byte (for messages about it). */
  offset: number;
  /** byteLength > maxElementBytes; such an element's bytes are never retained. */
  oversized: boolean;
}
