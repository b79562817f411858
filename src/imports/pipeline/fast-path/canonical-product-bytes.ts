import { PRODUCT_SHAPE } from '../../../catalog/product/product-fields';

/**
 * canonicalJson(validated product) as UTF-8 bytes, built from the element's own bytes
 * instead of re-serialising the parsed object: members are put in canonical order and whitespace
 * is dropped, but every value is copied as written when that is exactly what JSON.stringify would
 * print for it. For a 50 MiB import this replaces a JSON.stringify per product and the UTF-8
 * encoding of its result (twice: for the content hash and for the COPY) with one byte scan.
 *
 * Precondition: the bytes are a product element that JSON.parse accepted and validation turned
 * into a valid product (so: an object whose members are ProductDto fields, no null, no nesting
 * beyond the DTO's). Returns null ("print it the usual way") for anything whose canonical text is
 * not a copy of its own bytes or whose ordering needs more than byte comparison:
 * - a string with an escape other than \" \\ \b \f \n \r \t (JSON.stringify prints `\/` as `/` and
 *   `\u0041` as `A`), or an object key with any escape or a byte ≥ 0x80 (UTF-8 byte order is not
 *   UTF-16 code unit order for every character);
 * - a number that is not in the shortest form JSON.stringify prints: exponent, leading `+`/zeros,
 *   trailing fraction zeros, `-0`, more than 15 digits, or below 1e-6;
 * - a repeated member name (JSON.parse keeps the last, the copy would need to drop the first);
 * - nested containers where the DTO has none.
 * A numeric id becomes its decimal string, as ProductDto's transform makes it.
 * Property-tested byte for byte against canonicalJson (canonical-product-bytes.property.spec.ts).
 */
export function canonicalProductBytes(source: Buffer, from: number, to: number, arena: ByteArena): Buffer | null {
  const out = arena.reserve(to - from + 2); // only a numeric id grows (by its two quotes)
  const written = writeProduct(source, from, to, out.buffer, out.at);
  if (written < 0) return null;
  return arena.commit(written);
}

/**
 * Output space for a batch's canonical texts: one large buffer handed out in consecutive slices,
 * a new one when full (the old one lives as long as the slices of it that are still held).
 */
export class ByteArena {
  private buffer = Buffer.allocUnsafe(0);
  private used = 0;

  constructor(private readonly blockBytes = 1024 * 1024) {}

  /** Room for `bytes` bytes at `at`; commit() says how many were used. */
  reserve(bytes: number): { buffer: Buffer; at: number } {
    if (this.buffer.length - this.used < bytes) {
      this.buffer = Buffer.allocUnsafe(Math.max(this.blockBytes, bytes));
      this.used = 0;
    }
    return { buffer: this.buffer, at: this.used };
  }

  /** The slice from the last reserve() up to `end`, which is now taken. */
  commit(end: number): Buffer {
    const slice = this.buffer.subarray(this.used, end);
    this.used = end;
    return slice;
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_CURLY = 0x7b;
const CLOSE_CURLY = 0x7d;
const OPEN_SQUARE = 0x5b;
const CLOSE_SQUARE = 0x5d;
const MINUS = 0x2d;
const DOT = 0x2e;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
/** JSON.stringify's shortest form has at most 15 significant digits for these (DBL_DIG). */
const MAX_DIGITS = 15;
/** Below 1e-6 JSON.stringify switches to exponent form: at most 5 zeros after "0.". */
const MAX_LEADING_FRACTION_ZEROS = 5;

/** The product fields in canonical (code unit) order; a slot per field. */
const SORTED_FIELDS: readonly string[] = [...PRODUCT_SHAPE.keys].sort();
const SORTED_FIELD_BYTES = SORTED_FIELDS.map((field) => Buffer.from(field, 'latin1'));
const ID_SLOT = SORTED_FIELDS.indexOf('id');
/** Candidate slots by (length, first byte, second byte) of the name; the bytes are then compared. */
const SLOTS_BY_PREFIX = new Map<number, number[]>();
for (let slot = 0; slot < SORTED_FIELDS.length; slot++) {
  const bytes = SORTED_FIELD_BYTES[slot];
  const key = prefixKey(bytes, 0, bytes.length);
  SLOTS_BY_PREFIX.set(key, [...(SLOTS_BY_PREFIX.get(key) ?? []), slot]);
}

function prefixKey(bytes: Buffer, from: number, length: number): number {
  return length * 65536 + bytes[from] * 256 + (length > 1 ? bytes[from + 1] : 0);
}

/**
 * The element being written, by slot: its value's span (start, end; -1 when absent), in source or,
 * for a container already written canonically, in scratch. Module state, reused for every element.
 */
const spans = new Int32Array(2 * SORTED_FIELDS.length);
const inScratch = new Uint8Array(SORTED_FIELDS.length);
let scratch = Buffer.allocUnsafe(64 * 1024);
let scratchUsed = 0;
/** Set by writeContainer: where the container it wrote ended in its source. */
let containerSourceEnd = 0;

/** Writes the product at source[from, to) in canonical form into out at `at`: the end, or -1. */
function writeProduct(source: Buffer, from: number, to: number, out: Buffer, at: number): number {
  spans.fill(-1);
  inScratch.fill(0);
  if (scratch.length < to - from) scratch = Buffer.allocUnsafe(to - from); // containers take no more than their bytes
  scratchUsed = 0;
  let pos = skipSpace(source, from, to);
  if (source[pos] !== OPEN_CURLY) return -1;
  pos = skipSpace(source, pos + 1, to);
  if (source[pos] !== CLOSE_CURLY) {
    for (;;) {
      if (source[pos] !== QUOTE) return -1;
      const nameEnd = plainNameEnd(source, pos + 1, to);
      if (nameEnd < 0) return -1;
      const slot = fieldSlot(source, pos + 1, nameEnd);
      if (slot < 0 || spans[2 * slot] >= 0) return -1; // not a product field, or repeated
      pos = skipSpace(source, nameEnd + 1, to);
      if (source[pos] !== COLON) return -1;
      const valueStart = skipSpace(source, pos + 1, to);
      let valueEnd: number;
      if (source[valueStart] === OPEN_CURLY || source[valueStart] === OPEN_SQUARE) {
        // Written canonically now (into the scratch buffer): its members need checking anyway.
        const end = writeContainer(source, valueStart, to, scratch, scratchUsed);
        if (end < 0) return -1;
        spans[2 * slot] = scratchUsed;
        spans[2 * slot + 1] = end;
        inScratch[slot] = 1;
        scratchUsed = end;
        valueEnd = containerSourceEnd;
      } else {
        valueEnd = primitiveEnd(source, valueStart, to);
        if (valueEnd < 0) return -1;
        spans[2 * slot] = valueStart;
        spans[2 * slot + 1] = valueEnd;
      }
      pos = skipSpace(source, valueEnd, to);
      if (source[pos] === COMMA) pos = skipSpace(source, pos + 1, to);
      else if (source[pos] === CLOSE_CURLY) break;
      else return -1;
    }
  }
  if (skipSpace(source, pos + 1, to) !== to) return -1;

  out[at++] = OPEN_CURLY;
  let first = true;
  for (let slot = 0; slot < SORTED_FIELDS.length; slot++) {
    const start = spans[2 * slot];
    if (start < 0) continue;
    if (!first) out[at++] = COMMA;
    first = false;
    out[at++] = QUOTE;
    at = copyBytes(SORTED_FIELD_BYTES[slot], 0, SORTED_FIELD_BYTES[slot].length, out, at);
    out[at++] = QUOTE;
    out[at++] = COLON;
    const end = spans[2 * slot + 1];
    if (slot === ID_SLOT && source[start] !== QUOTE) {
      out[at++] = QUOTE; // ProductDto stores an integer id as its decimal string
      at = copyBytes(source, start, end, out, at);
      out[at++] = QUOTE;
    } else if (inScratch[slot] === 1) {
      at = copyBytes(scratch, start, end, out, at);
    } else {
      at = copyBytes(source, start, end, out, at);
    }
  }
  out[at++] = CLOSE_CURLY;
  return at;
}

/** The slot of the field named source[from, to), or -1. */
function fieldSlot(source: Buffer, from: number, to: number): number {
  const length = to - from;
  if (length === 0) return -1;
  const candidates = SLOTS_BY_PREFIX.get(prefixKey(source, from, length));
  if (candidates === undefined) return -1;
  for (const slot of candidates) {
    const name = SORTED_FIELD_BYTES[slot];
    let i = 2;
    while (i < length && name[i] === source[from + i]) i++;
    if (i >= length) return slot;
  }
  return -1;
}

/**
 * An array of primitives or an object of primitives with plain names, written canonically into
 * out at `at`: the end in out (or -1), and containerSourceEnd = the byte after it in source.
 */
function writeContainer(source: Buffer, from: number, to: number, out: Buffer, at: number): number {
  return source[from] === OPEN_SQUARE ? writeArray(source, from, to, out, at) : writeObject(source, from, to, out, at);
}

function writeArray(source: Buffer, from: number, to: number, out: Buffer, at: number): number {
  out[at++] = OPEN_SQUARE;
  let pos = skipSpace(source, from + 1, to);
  if (source[pos] !== CLOSE_SQUARE) {
    for (;;) {
      const end = primitiveEnd(source, pos, to);
      if (end < 0) return -1;
      at = copyBytes(source, pos, end, out, at);
      pos = skipSpace(source, end, to);
      if (source[pos] === CLOSE_SQUARE) break;
      if (source[pos] !== COMMA) return -1;
      out[at++] = COMMA;
      pos = skipSpace(source, pos + 1, to);
    }
  }
  out[at++] = CLOSE_SQUARE;
  containerSourceEnd = pos + 1;
  return at;
}

/** Member spans of the object being written: name start, name end, value start, value end. Reused. */
let members: Int32Array = new Int32Array(4 * 64);

/**
 * Members sorted by name (ASCII only, so byte order is code unit order), by insertion: objects in a
 * product are small (a price, at most attributesMaxKeys attributes). Repeated names refused.
 */
function writeObject(source: Buffer, from: number, to: number, out: Buffer, at: number): number {
  let count = 0;
  let pos = skipSpace(source, from + 1, to);
  if (source[pos] !== CLOSE_CURLY) {
    for (;;) {
      if (source[pos] !== QUOTE) return -1;
      const nameEnd = plainNameEnd(source, pos + 1, to);
      if (nameEnd < 0) return -1;
      const nameStart = pos + 1;
      pos = skipSpace(source, nameEnd + 1, to);
      if (source[pos] !== COLON) return -1;
      const start = skipSpace(source, pos + 1, to);
      const end = primitiveEnd(source, start, to);
      if (end < 0) return -1;
      if (4 * (count + 1) > members.length) members = growMembers(members);
      let slot = count++;
      for (; slot > 0; slot--) {
        const order = compareNames(source, members[4 * (slot - 1)], members[4 * (slot - 1) + 1], nameStart, nameEnd);
        if (order === 0) return -1;
        if (order < 0) break;
        members.copyWithin(4 * slot, 4 * (slot - 1), 4 * slot);
      }
      members[4 * slot] = nameStart;
      members[4 * slot + 1] = nameEnd;
      members[4 * slot + 2] = start;
      members[4 * slot + 3] = end;
      pos = skipSpace(source, end, to);
      if (source[pos] === CLOSE_CURLY) break;
      if (source[pos] !== COMMA) return -1;
      pos = skipSpace(source, pos + 1, to);
    }
  }
  out[at++] = OPEN_CURLY;
  for (let i = 0; i < count; i++) {
    if (i > 0) out[at++] = COMMA;
    out[at++] = QUOTE;
    at = copyBytes(source, members[4 * i], members[4 * i + 1], out, at);
    out[at++] = QUOTE;
    out[at++] = COLON;
    at = copyBytes(source, members[4 * i + 2], members[4 * i + 3], out, at);
  }
  out[at++] = CLOSE_CURLY;
  containerSourceEnd = pos + 1;
  return at;
}

function growMembers(current: Int32Array): Int32Array {
  const grown = new Int32Array(current.length * 2);
  grown.set(current);
  return grown;
}

/** Byte order of source[aStart, aEnd) and source[bStart, bEnd): negative, 0 or positive. */
function compareNames(source: Buffer, aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  const aLength = aEnd - aStart;
  const bLength = bEnd - bStart;
  const common = aLength < bLength ? aLength : bLength;
  for (let i = 0; i < common; i++) {
    const difference = source[aStart + i] - source[bStart + i];
    if (difference !== 0) return difference;
  }
  return aLength - bLength;
}

/** A string, number or literal that is already canonical: its end, else -1. */
function primitiveEnd(source: Buffer, pos: number, to: number): number {
  const byte = source[pos];
  if (byte === QUOTE) return stringEnd(source, pos + 1, to);
  if (byte === MINUS || (byte >= DIGIT_0 && byte <= DIGIT_9)) return numberEnd(source, pos, to);
  return literalEnd(source, pos, to);
}

/**
 * The end (after the closing quote) of a string whose body starts at `pos`, if JSON.stringify
 * would print it with the same bytes: raw UTF-8 (it escapes only `"`, `\` and control characters,
 * which cannot appear raw in valid JSON), and only the escapes it prints itself.
 */
function stringEnd(source: Buffer, pos: number, to: number): number {
  for (let i = pos; i < to; i++) {
    const byte = source[i];
    if (byte === QUOTE) return i + 1;
    if (byte === BACKSLASH && !isStringifyShortEscape(source[++i])) return -1;
  }
  return -1;
}

/** `\"` `\\` `\b` `\f` `\n` `\r` `\t`: the escapes JSON.stringify writes itself (`\u….` only for others). */
function isStringifyShortEscape(byte: number): boolean {
  return byte === QUOTE || byte === BACKSLASH || byte === 0x62 || byte === 0x66 || byte === 0x6e || byte === 0x72 || byte === 0x74;
}

/** A member name without escapes or non-ASCII bytes: its closing quote, else -1. */
function plainNameEnd(source: Buffer, pos: number, to: number): number {
  for (let i = pos; i < to; i++) {
    const byte = source[i];
    if (byte === QUOTE) return i;
    if (byte === BACKSLASH || byte >= 0x80) return -1;
  }
  return -1;
}

/**
 * The end of a number written as JSON.stringify writes it: `-?(0|[1-9]\d*)(\.\d*[1-9])?` with at
 * most 15 digits in all (or an integer up to 2^53 - 1), not `-0`, not below 1e-6. A decimal of at
 * most 15 significant digits is the shortest text that reads back as its double (DBL_DIG), and
 * that is what JSON.stringify prints (in plain notation from 1e-6 to below 1e21).
 */
function numberEnd(source: Buffer, pos: number, to: number): number {
  let i = pos;
  const negative = source[i] === MINUS;
  if (negative) i++;
  const intStart = i;
  while (i < to && source[i] >= DIGIT_0 && source[i] <= DIGIT_9) i++;
  const intDigits = i - intStart;
  if (intDigits === 0 || (intDigits > 1 && source[intStart] === DIGIT_0)) return -1;
  const intIsZero = intDigits === 1 && source[intStart] === DIGIT_0;
  let fractionDigits = 0;
  if (source[i] === DOT) {
    const fractionStart = ++i;
    while (i < to && source[i] >= DIGIT_0 && source[i] <= DIGIT_9) i++;
    fractionDigits = i - fractionStart;
    if (fractionDigits === 0 || source[i - 1] === DIGIT_0) return -1; // `1.` or a trailing zero
    if (intIsZero) {
      let zeros = 0;
      while (source[fractionStart + zeros] === DIGIT_0) zeros++;
      if (zeros > MAX_LEADING_FRACTION_ZEROS) return -1;
    }
  } else if (intIsZero && negative) {
    return -1; // `-0`, which JSON.stringify prints as `0`
  }
  if (source[i] === 0x65 || source[i] === 0x45) return -1; // an exponent
  if (intDigits + fractionDigits <= MAX_DIGITS) return i;
  return fractionDigits === 0 && intDigits === MAX_SAFE_DIGITS && isSafeIntegerDigits(source, intStart) ? i : -1;
}

/** Digits of Number.MAX_SAFE_INTEGER: every integer up to it prints as written (an id may be one). */
const MAX_SAFE_INTEGER_DIGITS = Buffer.from(String(Number.MAX_SAFE_INTEGER), 'latin1');
const MAX_SAFE_DIGITS = MAX_SAFE_INTEGER_DIGITS.length;

/** source[from, from + 16) as a decimal integer is at most 2^53 - 1. */
function isSafeIntegerDigits(source: Buffer, from: number): boolean {
  for (let i = 0; i < MAX_SAFE_DIGITS; i++) {
    const difference = source[from + i] - MAX_SAFE_INTEGER_DIGITS[i];
    if (difference !== 0) return difference < 0;
  }
  return true;
}

/** `true`, `false` or `null` (already parsed, so the first byte tells which). */
function literalEnd(source: Buffer, pos: number, to: number): number {
  const first = source[pos];
  const length = first === 0x66 ? 5 : first === 0x74 || first === 0x6e ? 4 : -1;
  return length > 0 && pos + length <= to ? pos + length : -1;
}

/** Spans shorter than this are copied by a loop: Buffer#copy costs a native call (~0.1 µs). */
const NATIVE_COPY_BYTES = 128;

function copyBytes(source: Buffer, start: number, end: number, out: Buffer, at: number): number {
  if (end - start >= NATIVE_COPY_BYTES) return at + source.copy(out, at, start, end);
  for (let i = start; i < end; i++) out[at++] = source[i];
  return at;
}

function skipSpace(source: Buffer, pos: number, to: number): number {
  while (pos < to) {
    const byte = source[pos];
    if (byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) break;
    pos++;
  }
  return pos;
}
