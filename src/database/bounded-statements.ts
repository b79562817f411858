/** No single statement carries more than this much row data: PostgreSQL parses and plans it in one piece. */
export const MAX_STATEMENT_DATA_BYTES = 1_048_576;

/**
 * Splits rows into consecutive groups of at most `maxRows` rows and about `maxBytes` bytes each
 * (a group ends once it reaches `maxBytes`, so a group exceeds it by less than one row). Every
 * group holds at least one row.
 */
export function chunkBySize<T>(
  rows: readonly T[],
  sizeOf: (row: T) => number,
  maxBytes = MAX_STATEMENT_DATA_BYTES,
  maxRows = 1_000,
): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    current.push(row);
    bytes += sizeOf(row);
    if (current.length >= maxRows || bytes >= maxBytes) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
