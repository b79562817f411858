/**
 * PostgreSQL's binary COPY format ("Binary Format" in the COPY docs), both ways: the 11-byte
 * signature, flags and a header extension; per row a field count, then each field's length and
 * raw bytes; then the -1 trailer. Nothing is escaped or hex-encoded, so bytes and JSON go through
 * untouched and without an extra copy.
 */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 4 + 4;
const TUPLE_HEADER_BYTES = 2 + 4;
const TRAILER_BYTES = 2;

/** The header this service writes: signature, flags 0 (no OIDs), header extension length 0. */
export const BINARY_COPY_HEADER = Buffer.concat([SIGNATURE, Buffer.alloc(8)]);
/** The trailer: a field count of -1. */
export const BINARY_COPY_TRAILER = Buffer.from([0xff, 0xff]);

/** jsonb's binary input format: a version byte (1), then the JSON text. */
const JSONB_VERSION = 1;

/** A uuid's 16 bytes, for a binary uuid field. Refuses anything else (Buffer's hex decoding would stop silently). */
export function uuidBytes(uuid: string): Buffer {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid)) throw new TypeError(`not a uuid: ${uuid}`);
  return Buffer.from(uuid.replace(/-/g, ''), 'hex');
}

/** A bytea field given in hex at `at`: length, then the bytes. Refuses what is not hex (Buffer#write would stop silently). */
export function writeHexField(piece: Buffer, at: number, hex: string): number {
  const length = piece.write(hex, at + 4, 'hex');
  if (length * 2 !== hex.length) throw new TypeError(`not a hex digest: ${hex.slice(0, 80)}`);
  piece.writeInt32BE(length, at);
  return at + 4 + length;
}

/** A jsonb field: length, the version byte, the UTF-8 JSON text. */
export function writeJsonbField(piece: Buffer, at: number, json: Buffer): number {
  piece.writeInt32BE(1 + json.length, at);
  piece[at + 4] = JSONB_VERSION;
  return at + 5 + json.copy(piece, at + 5);
}

/** A text field: length, then the UTF-8 text (the length is known only after encoding). */
export function writeTextField(piece: Buffer, at: number, text: string): number {
  const end = at + 4 + piece.write(text, at + 4, 'utf8');
  piece.writeInt32BE(end - at - 4, at);
  return end;
}

/**
 * Reads the one field of the one row (or none) that `COPY (SELECT <bytea>) TO STDOUT (FORMAT binary)`
 * produces, as it arrived: in pieces. The field comes back as views into the pieces, so a 1 MiB
 * chunk is never copied into one more buffer (external memory that drives full GCs).
 */
export function binaryCopyField(pieces: readonly Buffer[]): Buffer[] | null {
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
  if (total < HEADER_BYTES + TRAILER_BYTES) throw new Error('COPY binary output: bad header');
  const header = bytesAt(pieces, 0, HEADER_BYTES);
  if (!header.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('COPY binary output: bad header');
  const at = HEADER_BYTES + header.readUInt32BE(SIGNATURE.length + 4);
  if (at + TRAILER_BYTES > total) throw new Error('COPY binary output: bad header');
  const fields = bytesAt(pieces, at, TRAILER_BYTES).readInt16BE(0);
  if (fields === -1) return null; // no row
  if (fields !== 1) throw new Error(`COPY binary output: expected 1 field, got ${fields}`);
  if (at + TUPLE_HEADER_BYTES > total) throw new Error('COPY binary output: expected exactly one row');
  const length = bytesAt(pieces, at + 2, 4).readInt32BE(0);
  if (length === -1) return null;
  const start = at + TUPLE_HEADER_BYTES;
  if (start + length + TRAILER_BYTES !== total || bytesAt(pieces, total - TRAILER_BYTES, TRAILER_BYTES).readInt16BE(0) !== -1) {
    throw new Error('COPY binary output: expected exactly one row');
  }
  return views(pieces, start, start + length);
}

/** Bytes [from, to) of the pieces taken as one stream, as views (no copy). */
function views(pieces: readonly Buffer[], from: number, to: number): Buffer[] {
  const out: Buffer[] = [];
  let offset = 0;
  for (const piece of pieces) {
    const end = offset + piece.length;
    if (end > from && offset < to) out.push(piece.subarray(Math.max(from, offset) - offset, Math.min(to, end) - offset));
    offset = end;
    if (offset >= to) break;
  }
  return out;
}

/** A few bytes that may straddle pieces, joined (a copy of `length` bytes). */
function bytesAt(pieces: readonly Buffer[], from: number, length: number): Buffer {
  const parts = views(pieces, from, from + length);
  return parts.length === 1 ? parts[0] : Buffer.concat(parts, length);
}
