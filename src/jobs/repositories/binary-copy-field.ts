/**
 * Reads the one field of the one row (or none) that `COPY (SELECT <bytea>) TO STDOUT (FORMAT binary)`
 * produces: the 11-byte signature, flags and header extension, then per row a field count and
 * each field's length and raw bytes, then the -1 trailer (PostgreSQL's "Binary Format" of COPY).
 */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 4 + 4;

export function binaryCopyField(output: Buffer): Buffer | null {
  if (output.length < HEADER_BYTES + 2 || !output.subarray(0, SIGNATURE.length).equals(SIGNATURE)) {
    throw new Error('COPY binary output: bad header');
  }
  const at = HEADER_BYTES + output.readUInt32BE(SIGNATURE.length + 4);
  const fields = output.readInt16BE(at);
  if (fields === -1) return null; // no row
  if (fields !== 1) throw new Error(`COPY binary output: expected 1 field, got ${fields}`);
  const length = output.readInt32BE(at + 2);
  if (length === -1) return null;
  const start = at + 6;
  if (start + length + 2 !== output.length || output.readInt16BE(start + length) !== -1) {
    throw new Error('COPY binary output: expected exactly one row');
  }
  return output.subarray(start, start + length);
}
