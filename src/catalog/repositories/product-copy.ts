import type { ProductWrite } from '../product-write';

/** Columns the COPY of new products fills; created_at/updated_at take their defaults. */
export const PRODUCT_COPY_COLUMNS = 'organization_id, product_id, content_hash, raw_hash, data, last_import_job_id';

/** Bytes of COPY text handed to the stream at a time. */
const PIECE_BYTES = 65_536;

/** COPY text format: backslash, newline, carriage return and tab are escaped; nothing else is special. */
export function copyText(value: string): string {
  return /[\\\n\r\t]/.test(value)
    ? value.replace(/[\\\n\r\t]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'))
    : value;
}

/** A bytea field in COPY text: `\x` + hex, its backslash escaped. */
const copyBytea = (value: Buffer): string => `\\\\x${value.toString('hex')}`;

/** The rows as COPY text lines, in pieces of about 64 KiB (the stream never holds the batch twice). */
export function* productCopyLines(organizationId: string, jobId: string, rows: readonly ProductWrite[]): Generator<string> {
  let piece = '';
  for (const row of rows) {
    piece +=
      `${organizationId}\t${copyText(row.productId)}\t${copyBytea(row.contentHash)}\t${copyBytea(row.rawHash)}\t` +
      `${copyText(row.json)}\t${jobId}\n`;
    if (piece.length >= PIECE_BYTES) {
      yield piece;
      piece = '';
    }
  }
  if (piece.length > 0) yield piece;
}
