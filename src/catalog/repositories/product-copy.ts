import type { ProductWrite } from '../product-write';

/** Columns the COPY of new products fills; created_at/updated_at take their defaults. */
export const PRODUCT_COPY_COLUMNS = 'organization_id, product_id, content_hash, raw_hash, data, last_import_job_id';

/** Column types in PRODUCT_COPY_COLUMNS order: uuid, text, bytea, bytea, jsonb, uuid. */
const FIELD_COUNT = 6;

/**
 * Bytes handed to the COPY stream at a time: pg-copy-streams makes two socket writes per piece,
 * so a few large pieces rather than many small ones; bounded, so a batch is never held twice.
 */
export const PIECE_BYTES = 512 * 1024;

/** The binary COPY header: signature, flags (no OIDs), header extension length 0. */
const HEADER = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
/** The binary COPY trailer: a field count of -1. */
const TRAILER = Buffer.from([0xff, 0xff]);
/** jsonb's binary input format: a version byte (1), then the JSON text. */
const JSONB_VERSION = 1;

/** Field count, then organization_id (length word + 16 bytes); and last_import_job_id at the end. */
const ROW_START_BYTES = 2 + 4 + 16;
const ROW_END_BYTES = 4 + 16;

/** Most UTF-8 bytes one UTF-16 code unit can take (a surrogate pair: 4 bytes for 2 units). */
const MAX_UTF8_PER_UNIT = 3;

/** A uuid's 16 bytes, for a binary uuid field. Refuses anything else (Buffer's hex decoding would stop silently). */
export function uuidBytes(uuid: string): Buffer {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid)) throw new TypeError(`not a uuid: ${uuid}`);
  return Buffer.from(uuid.replace(/-/g, ''), 'hex');
}

/**
 * The rows in PostgreSQL's binary COPY format (`COPY … FROM STDIN (FORMAT binary)`), in pieces of
 * about PIECE_BYTES: each field is its length and its bytes, so nothing is escaped or hex-encoded;
 * text and JSON are UTF-8-encoded straight into the piece. The first piece starts with the header
 * and the last ends with the trailer.
 */
export function* productCopyPieces(organizationId: string, jobId: string, rows: readonly ProductWrite[]): Generator<Buffer> {
  // Field count + organization_id, and last_import_job_id: the same bytes on every row.
  const rowStart = Buffer.alloc(ROW_START_BYTES);
  rowStart.writeInt16BE(FIELD_COUNT, 0);
  rowStart.writeInt32BE(16, 2);
  uuidBytes(organizationId).copy(rowStart, 6);
  const rowEnd = Buffer.alloc(ROW_END_BYTES);
  rowEnd.writeInt32BE(16, 0);
  uuidBytes(jobId).copy(rowEnd, 4);

  let piece = Buffer.allocUnsafe(PIECE_BYTES);
  let at = HEADER.copy(piece, 0);
  for (const row of rows) {
    const bound = maxRowBytes(row);
    if (at + bound > piece.length) {
      if (at > 0) yield piece.subarray(0, at);
      piece = Buffer.allocUnsafe(Math.max(PIECE_BYTES, bound)); // a fresh piece: the stream may still hold the last one
      at = 0;
    }
    at += rowStart.copy(piece, at);
    at = writeText(piece, at, row.productId);
    at = writeHex(piece, at, row.contentHash);
    at = writeHex(piece, at, row.rawHash);
    at = writeJsonb(piece, at, row.json);
    at += rowEnd.copy(piece, at);
  }
  at += TRAILER.copy(piece, at);
  yield piece.subarray(0, at);
}

/**
 * The most bytes a row can take (plus the trailer, so the last piece always has room for it): the
 * fixed fields, four length words, jsonb's version byte, the hashes (fewer bytes than hex digits),
 * the id at 3 bytes per unit, the JSON.
 */
function maxRowBytes(row: ProductWrite): number {
  const fixed = ROW_START_BYTES + 4 * 4 + 1 + ROW_END_BYTES + TRAILER.length;
  return fixed + row.contentHash.length + row.rawHash.length + row.productId.length * MAX_UTF8_PER_UNIT + row.json.length;
}

/** A bytea field given in hex: length, then the bytes. Refuses what is not hex (Buffer#write would stop silently). */
function writeHex(piece: Buffer, at: number, hex: string): number {
  const length = piece.write(hex, at + 4, 'hex');
  if (length * 2 !== hex.length) throw new TypeError(`not a hex digest: ${hex.slice(0, 80)}`);
  piece.writeInt32BE(length, at);
  return at + 4 + length;
}

/** jsonb's binary input: length, the version byte, the UTF-8 JSON text. */
function writeJsonb(piece: Buffer, at: number, json: Buffer): number {
  piece.writeInt32BE(1 + json.length, at);
  piece[at + 4] = JSONB_VERSION;
  return at + 5 + json.copy(piece, at + 5);
}

/** Length, then the UTF-8 text; the length is known only after encoding. */
function writeText(piece: Buffer, at: number, text: string): number {
  const end = at + 4 + piece.write(text, at + 4, 'utf8');
  piece.writeInt32BE(end - at - 4, at);
  return end;
}
