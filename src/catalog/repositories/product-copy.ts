import {
  BINARY_COPY_HEADER as HEADER,
  BINARY_COPY_TRAILER as TRAILER,
  uuidBytes,
  writeHexField,
  writeJsonbField,
  writeTextField,
} from '../../database/binary-copy';
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

/** Field count, then organization_id (length word + 16 bytes); and last_import_job_id at the end. */
const ROW_START_BYTES = 2 + 4 + 16;
const ROW_END_BYTES = 4 + 16;

/** Most UTF-8 bytes one UTF-16 code unit can take (a surrogate pair: 4 bytes for 2 units). */
const MAX_UTF8_PER_UNIT = 3;

/**
 * The rows in PostgreSQL's binary COPY format (`COPY … FROM STDIN (FORMAT binary)`, see
 * database/binary-copy.ts), in pieces of about PIECE_BYTES: text and JSON are UTF-8-encoded straight
 * into the piece. The first piece starts with the header and the last ends with the trailer.
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
    at = writeTextField(piece, at, row.productId);
    at = writeHexField(piece, at, row.contentHash);
    at = writeHexField(piece, at, row.rawHash);
    at = writeJsonbField(piece, at, row.json);
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
