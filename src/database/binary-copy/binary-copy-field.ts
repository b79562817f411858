/**
 * Reads the one field of the one row (or none) that `COPY (SELECT <bytea>) TO STDOUT (FORMAT binary)`
 * produces, as it arrived: in pieces. The format (PostgreSQL's "Binary Format" of COPY): the
 * 11-byte signature, flags and a header extension, then per row a field count and each field's
 * length and raw bytes, then the -1 trailer. The field comes back as views into the pieces, so
 * a 1 MiB chunk is never copied into one more buffer (external memory that drives full GCs).
 */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 4 + 4;
const TUPLE_HEADER_BYTES = 2 + 4;
const TRAILER_BYTES = 2;

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
