import { MAX_ELEMENT_BYTES, type RawElement } from '../raw-element';
import type { FeedReader } from './feed-reader';
import { Utf8Text } from './utf8-text';

const NEWLINE = 0x0a;

/**
 * JSON Lines: each non-blank line is one element, its bytes as written (without the line break and
 * surrounding whitespace), so the JSON array's pipeline, fast path included, applies unchanged. A
 * line over 256 KiB is never held: it is counted and fails alone.
 */
export class JsonLinesReader implements FeedReader {
  count = 0;

  async *read(chunks: AsyncIterable<Buffer>): AsyncIterable<RawElement[]> {
    const utf8 = new Utf8Text();
    let carry: Buffer[] = []; // the current line's bytes from earlier chunks (none once it is oversized)
    let carried = 0; // the current line's size so far
    let lineStart = 0; // file offset of the current line
    let line = 1;
    let offset = 0; // file offset of the current chunk
    for await (const chunk of chunks) {
      utf8.decode(chunk);
      const out: RawElement[] = [];
      let from = 0;
      for (let nl = chunk.indexOf(NEWLINE); nl !== -1; nl = chunk.indexOf(NEWLINE, from)) {
        const size = carried + nl - from;
        const source = carried === 0 ? chunk : size <= MAX_ELEMENT_BYTES ? Buffer.concat([...carry, chunk.subarray(from, nl)]) : null;
        this.take(out, source, carried === 0 ? from : 0, size, lineStart, line);
        carry = [];
        carried = 0;
        from = nl + 1;
        lineStart = offset + from;
        line++;
      }
      const rest = chunk.length - from;
      if (rest > 0) {
        if (carried + rest <= MAX_ELEMENT_BYTES) carry.push(Buffer.from(chunk.subarray(from)));
        else carry = [];
        carried += rest;
      }
      offset += chunk.length;
      if (out.length > 0) yield out;
    }
    utf8.end();
    const out: RawElement[] = [];
    this.take(out, carried <= MAX_ELEMENT_BYTES ? Buffer.concat(carry) : null, 0, carried, lineStart, line);
    if (out.length > 0) yield out;
  }

  /** Adds the line at [start, start + size) of `source` (null: too large to keep) unless it is blank. */
  private take(out: RawElement[], source: Buffer | null, start: number, size: number, offset: number, line: number): void {
    if (source === null) {
      out.push({ index: this.count++, source: null, start: 0, byteLength: size, offset, oversized: true, line });
      return;
    }
    let from = start;
    let to = start + size;
    if (offset === 0 && source[from] === 0xef && source[from + 1] === 0xbb && source[from + 2] === 0xbf) from += 3;
    while (from < to && isSpace(source[from])) from++;
    while (to > from && isSpace(source[to - 1])) to--;
    if (from === to) return;
    out.push({ index: this.count++, source, start: from, byteLength: to - from, offset: offset + from - start, oversized: false, line });
  }
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0d || byte === 0x0a;
}
