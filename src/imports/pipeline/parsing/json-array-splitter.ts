import { MAX_ELEMENT_BYTES, type RawElement } from '../raw-element';
import { FileFormatError, formatOffset } from './file-format-error';
import { CARRY_INCOMPLETE, CARRY_INVALID, Utf8StreamValidator } from './utf8-stream-validator';

export { FileFormatError, formatOffset, type FileFailureType } from './file-format-error';

/**
 * Streaming splitter for a catalog file holding one top-level JSON array.
 *
 * It does not parse values: it tracks strings, escapes and bracket depth just
 * well enough to cut the array into the raw bytes of its elements, which the
 * caller hashes and, when it must, decodes and JSON.parses one by one. Only damage that makes the array itself
 * unsplittable (bad structure, bad UTF-8) is a file error; an element that is
 * merely not valid JSON is emitted as-is and rejected later as one product.
 */

export interface SplitterOptions {
  /** Elements larger than this are reported as oversized, their bytes not kept. Default MAX_ELEMENT_BYTES. */
  maxElementBytes?: number;
  /** Elements before this index are counted but their bytes not kept (resume support). Default 0. */
  emitFrom?: number;
  /** Count elements without emitting any (the scan pass): no record per element is built. */
  countOnly?: boolean;
}

// ---------------------------------------------------------------------------
// Byte classes. One table lookup lets the hot loop skip ordinary bytes with a
// single comparison.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_SQUARE = 0x5b;
const CLOSE_SQUARE = 0x5d;
const OPEN_CURLY = 0x7b;
const CLOSE_CURLY = 0x7d;

// Class 0 (the array's default) is every other byte.
const C_WS = 1;
const C_QUOTE = 2;
const C_OPEN = 3;
const C_CLOSE = 4;
const C_COMMA = 5;

const BYTE_CLASS = new Uint8Array(256);
BYTE_CLASS[0x20] = C_WS;
BYTE_CLASS[0x09] = C_WS;
BYTE_CLASS[0x0a] = C_WS;
BYTE_CLASS[0x0d] = C_WS;
BYTE_CLASS[QUOTE] = C_QUOTE;
BYTE_CLASS[OPEN_SQUARE] = C_OPEN;
BYTE_CLASS[OPEN_CURLY] = C_OPEN;
BYTE_CLASS[CLOSE_SQUARE] = C_CLOSE;
BYTE_CLASS[CLOSE_CURLY] = C_CLOSE;
BYTE_CLASS[COMMA] = C_COMMA;

function isWs(byte: number): boolean {
  return BYTE_CLASS[byte] === C_WS;
}

/** Number of whitespace bytes immediately before `end`, not looking before `from`. */
function trailingWsLength(buf: Buffer, from: number, end: number): number {
  let i = end;
  while (i > from && isWs(buf[i - 1])) i--;
  return end - i;
}

/** Number of consecutive backslashes immediately before `end`, not looking before `from`. */
function backslashRunBefore(buf: Buffer, from: number, end: number): number {
  let i = end;
  while (i > from && buf[i - 1] === BACKSLASH) i--;
  return end - i;
}

function describeByte(byte: number): string {
  return byte > 0x20 && byte < 0x7f ? `'${String.fromCharCode(byte)}'` : `byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
}

function unexpectedToken(byte: number, offset: number): FileFormatError {
  return new FileFormatError('invalid_json', `Unexpected token ${describeByte(byte)} at byte ${formatOffset(offset)}`, offset);
}

// ---------------------------------------------------------------------------
// The splitter.

const PHASE_BOM = 0; // matching an optional EF BB BF at offset 0
const PHASE_PREAMBLE = 1; // whitespace before '['
const PHASE_FIRST = 2; // after '[': an element or ']' expected
const PHASE_NEXT = 3; // after ',': an element expected
const PHASE_ELEMENT = 4; // inside an element
const PHASE_AFTER = 5; // after the closing ']': only whitespace allowed
const PHASE_ENDED = 6;

const BOM = [0xef, 0xbb, 0xbf];

export class JsonArraySplitter {
  private readonly maxElementBytes: number;
  private readonly emitFrom: number;
  private readonly countOnly: boolean;
  private readonly utf8 = new Utf8StreamValidator();

  private phase = PHASE_BOM;
  private bomMatched = 0;
  /** Bytes received so far, i.e. the file offset of the next chunk. */
  private received = 0;
  private completed = 0;
  private failure: FileFormatError | null = null;

  // Scanner state inside the current element. `depth` counts brackets opened
  // within the element; `closers` records the byte each one expects, so
  // nesting never recurses however deep it gets.
  private depth = 0;
  private closers: Uint8Array = new Uint8Array(64);
  private inString = false;
  /** A backslash ended the previous segment: the next byte is escaped. */
  private escapePending = false;

  // Bookkeeping for an element that spans segments.
  /** Where the current element's bytes begin in the segment being scanned. */
  private portionStart = 0;
  /** File offset of the current element's first byte. */
  private elementOffset = 0;
  /** Element bytes seen in earlier segments. */
  private priorLength = 0;
  /** Whitespace bytes at the end of those earlier bytes (they may end up trimmed). */
  private priorTrailingWs = 0;
  /** Copies of earlier bytes, kept only while the element may still be emitted. */
  private pieces: Buffer[] = [];
  private retaining = false;

  constructor(options: SplitterOptions = {}) {
    this.maxElementBytes = options.maxElementBytes ?? MAX_ELEMENT_BYTES;
    this.countOnly = options.countOnly ?? false;
    this.emitFrom = this.countOnly ? Number.MAX_SAFE_INTEGER : (options.emitFrom ?? 0);
    if (!Number.isSafeInteger(this.maxElementBytes) || this.maxElementBytes < 0) {
      throw new RangeError(`maxElementBytes must be a non-negative integer, got ${options.maxElementBytes}`);
    }
    if (!Number.isSafeInteger(this.emitFrom) || this.emitFrom < 0) {
      throw new RangeError(`emitFrom must be a non-negative integer, got ${options.emitFrom}`);
    }
  }

  /** Elements completed so far, including those before emitFrom. */
  get count(): number {
    return this.completed;
  }

  /**
   * Feeds the next chunk; returns the elements it completed. Their bytes may be in `chunk`
   * itself: the caller must not modify or reuse it while it holds them.
   */
  push(chunk: Buffer): RawElement[] {
    const out: RawElement[] = [];
    this.guard(() => this.consume(chunk, out));
    return out;
  }

  /** Signals end of input; throws if the document is incomplete. */
  end(): RawElement[] {
    this.guard(() => this.finish());
    return [];
  }

  /** Makes a file error sticky: a failed splitter keeps failing the same way. */
  private guard(action: () => void): void {
    if (this.failure) throw this.failure;
    if (this.phase === PHASE_ENDED) throw new Error('JsonArraySplitter: input already ended');
    try {
      action();
    } catch (error) {
      if (error instanceof FileFormatError) this.failure = error;
      throw error;
    }
  }

  /**
   * Structure is only scanned over bytes already proven to be valid UTF-8, so
   * the error reported is always the earliest one in the file, whatever the
   * chunking.
   */
  private consume(chunk: Buffer, out: RawElement[]): void {
    const chunkOffset = this.received;
    this.received += chunk.length;
    let from = 0;
    if (this.utf8.carryLength > 0) {
      const used = this.utf8.resumeCarry(chunk);
      if (used === CARRY_INVALID) throw invalidUtf8(this.utf8.carryOffset);
      if (used === CARRY_INCOMPLETE) return;
      this.scan(this.utf8.carry, 0, this.utf8.carryLength, this.utf8.carryOffset, out);
      this.utf8.clearCarry();
      from = used;
    }
    const { validEnd, invalidAt } = this.utf8.check(chunk, from, chunkOffset);
    this.scan(chunk, from, validEnd, chunkOffset, out);
    if (invalidAt >= 0) throw invalidUtf8(chunkOffset + invalidAt);
  }

  private finish(): void {
    if (this.utf8.carryLength > 0) throw invalidUtf8(this.utf8.carryOffset);
    const offset = this.received;
    switch (this.phase) {
      case PHASE_BOM:
      case PHASE_PREAMBLE:
        throw new FileFormatError(
          'invalid_json',
          `Empty document: no JSON value before end of file at byte ${formatOffset(offset)}`,
          offset,
        );
      case PHASE_AFTER:
        this.phase = PHASE_ENDED;
        return;
      default: {
        const what = this.inString ? 'unterminated string' : 'unterminated array';
        throw new FileFormatError('invalid_json', `Unexpected end of file at byte ${formatOffset(offset)} (${what})`, offset);
      }
    }
  }

  /** Scans buf[from, to), whose first byte sits at file offset `base`. */
  private scan(buf: Buffer, from: number, to: number, base: number, out: RawElement[]): void {
    if (from >= to) return;
    this.portionStart = from;
    let i = from;
    while (i < to) {
      switch (this.phase) {
        case PHASE_ELEMENT:
          i = this.scanElement(buf, i, to, base, out);
          break;
        case PHASE_FIRST:
        case PHASE_NEXT:
          i = this.scanBetween(buf, i, to, base);
          break;
        case PHASE_AFTER:
          i = this.scanAfter(buf, i, to, base);
          break;
        case PHASE_PREAMBLE:
          i = this.scanPreamble(buf, i, to, base);
          break;
        default:
          i = this.scanBom(buf, i, base);
      }
    }
    if (this.phase === PHASE_ELEMENT) this.retainPortion(buf, to);
  }

  private scanBom(buf: Buffer, i: number, base: number): number {
    const byte = buf[i];
    if (base + i === this.bomMatched && byte === BOM[this.bomMatched]) {
      if (++this.bomMatched === BOM.length) this.phase = PHASE_PREAMBLE;
      return i + 1;
    }
    // A partial BOM is the start of some other character at offset 0.
    if (this.bomMatched > 0) throw notAnArray(BOM[0], 0);
    this.phase = PHASE_PREAMBLE;
    return i;
  }

  private scanPreamble(buf: Buffer, i: number, to: number, base: number): number {
    while (i < to && isWs(buf[i])) i++;
    if (i === to) return i;
    if (buf[i] !== OPEN_SQUARE) throw notAnArray(buf[i], base + i);
    this.phase = PHASE_FIRST;
    return i + 1;
  }

  /** Whitespace before an element; an element may not be empty. */
  private scanBetween(buf: Buffer, i: number, to: number, base: number): number {
    while (i < to && isWs(buf[i])) i++;
    if (i === to) return i;
    const byte = buf[i];
    if (byte === CLOSE_SQUARE && this.phase === PHASE_FIRST) {
      this.phase = PHASE_AFTER;
      return i + 1;
    }
    if (byte === COMMA || byte === CLOSE_SQUARE) throw unexpectedToken(byte, base + i);
    this.startElement(i, base + i);
    return i;
  }

  private scanAfter(buf: Buffer, i: number, to: number, base: number): number {
    while (i < to && isWs(buf[i])) i++;
    if (i === to) return i;
    const offset = base + i;
    throw new FileFormatError(
      'invalid_json',
      `Unexpected trailing data ${describeByte(buf[i])} after the array at byte ${formatOffset(offset)}`,
      offset,
    );
  }

  private startElement(i: number, offset: number): void {
    this.phase = PHASE_ELEMENT;
    this.portionStart = i;
    this.elementOffset = offset;
    this.priorLength = 0;
    this.priorTrailingWs = 0;
    this.pieces = [];
    this.retaining = this.completed >= this.emitFrom;
    this.depth = 0;
    this.inString = false;
    this.escapePending = false;
  }

  /**
   * Hot loop. Runs until the element ends (returning the index after its
   * terminator) or the segment does (returning `to`). State lives in locals and
   * is written back on exit.
   */
  private scanElement(buf: Buffer, start: number, to: number, base: number, out: RawElement[]): number {
    let i = start;
    let depth = this.depth;
    let inString = this.inString;
    let closers = this.closers;
    if (this.escapePending) {
      this.escapePending = false;
      i++;
    }
    while (i < to) {
      if (inString) {
        i = this.skipStringBody(buf, i, to);
        if (i < 0) {
          this.depth = depth;
          this.inString = true;
          return to;
        }
        inString = false;
        continue;
      }
      const byte = buf[i];
      const cls = BYTE_CLASS[byte];
      if (cls <= C_WS) {
        i++;
        continue;
      }
      if (cls === C_QUOTE) {
        inString = true;
        i++;
      } else if (cls === C_OPEN) {
        if (depth === closers.length) closers = this.growClosers();
        closers[depth++] = byte === OPEN_SQUARE ? CLOSE_SQUARE : CLOSE_CURLY;
        i++;
      } else if (cls === C_CLOSE) {
        if (depth > 0) {
          if (closers[--depth] !== byte) throw unexpectedToken(byte, base + i);
          i++;
        } else if (byte === CLOSE_SQUARE) {
          this.completeElement(buf, i, out);
          this.phase = PHASE_AFTER;
          return i + 1;
        } else {
          throw unexpectedToken(byte, base + i);
        }
      } else if (depth > 0) {
        i++; // a comma inside a nested value
      } else {
        this.completeElement(buf, i, out);
        this.phase = PHASE_NEXT;
        return i + 1;
      }
    }
    this.depth = depth;
    this.inString = inString;
    return to;
  }

  /**
   * Skips string content starting at `i` (just after the opening quote, or at a
   * segment start). Returns the index after the closing quote, or -1 if the
   * segment ends first, noting a dangling backslash. Jumping between quotes
   * with the native search beats a byte loop even for short keys; a quote is
   * escaped iff an odd run of backslashes precedes it.
   */
  private skipStringBody(buf: Buffer, i: number, to: number): number {
    for (;;) {
      const quote = buf.indexOf(QUOTE, i);
      if (quote < 0 || quote >= to) {
        this.escapePending = (backslashRunBefore(buf, i, to) & 1) === 1;
        return -1;
      }
      if ((backslashRunBefore(buf, i, quote) & 1) === 0) return quote + 1;
      i = quote + 1;
    }
  }

  private growClosers(): Uint8Array {
    const grown = new Uint8Array(this.closers.length * 2);
    grown.set(this.closers);
    this.closers = grown;
    return grown;
  }

  /**
   * The element continues past this segment: count its bytes and, while it
   * might still be emitted, copy them. Once the bytes up to the last
   * non-whitespace exceed the limit the element is oversized whatever follows,
   * so nothing more is kept. Trailing whitespace past the limit is not copied
   * either: it is either trimmed later or followed by more content, which makes
   * the element oversized anyway.
   */
  private retainPortion(buf: Buffer, to: number): void {
    const start = this.portionStart;
    const length = to - start;
    const localWs = this.inString ? 0 : trailingWsLength(buf, start, to);
    this.priorTrailingWs = localWs === length ? this.priorTrailingWs + length : localWs;
    this.priorLength += length;
    if (!this.retaining) return;
    if (this.priorLength - this.priorTrailingWs > this.maxElementBytes) {
      this.retaining = false;
      this.pieces = [];
      return;
    }
    const keep = this.priorLength > this.maxElementBytes ? length - localWs : length;
    if (keep > 0) this.pieces.push(Buffer.from(buf.subarray(start, start + keep)));
  }

  /** The element ends just before buf[end] (its ',' or ']'). */
  private completeElement(buf: Buffer, end: number, out: RawElement[]): void {
    const start = this.portionStart;
    const length = end - start;
    let trailingWs = trailingWsLength(buf, start, end);
    if (trailingWs === length) trailingWs += this.priorTrailingWs;
    const byteLength = this.priorLength + length - trailingWs;
    const oversized = byteLength > this.maxElementBytes;
    const index = this.completed++;
    let source: Buffer | null = null;
    let sourceStart = 0;
    if (!oversized && this.retaining) {
      // Within one chunk: the chunk itself, no copy (the caller does not reuse chunks). Across chunks: the copies joined.
      if (this.pieces.length === 0 && this.priorLength === 0) {
        source = buf;
        sourceStart = start;
      } else {
        source = Buffer.concat([...this.pieces, buf.subarray(start, end)], byteLength);
      }
    }
    this.pieces = [];
    this.depth = 0;
    this.inString = false;
    if (!this.countOnly) out.push({ index, source, start: sourceStart, byteLength, offset: this.elementOffset, oversized });
  }
}

function notAnArray(byte: number, offset: number): FileFormatError {
  return new FileFormatError(
    'not_an_array',
    `Expected a top-level JSON array but found ${describeByte(byte)} at byte ${formatOffset(offset)}`,
    offset,
  );
}

function invalidUtf8(offset: number): FileFormatError {
  return new FileFormatError('invalid_utf8', `Invalid UTF-8 sequence at byte ${formatOffset(offset)}`, offset);
}
