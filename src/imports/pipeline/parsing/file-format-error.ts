/** Why a whole uploaded file cannot be an import; `offset` is the byte where that became clear. */
/** invalid_feed: a CSV, TSV or XML feed whose header or structure cannot be read as its format. */
export type FileFailureType = 'invalid_json' | 'not_an_array' | 'invalid_utf8' | 'invalid_feed';

export class FileFormatError extends Error {
  constructor(
    readonly type: FileFailureType,
    message: string,
    readonly offset: number,
  ) {
    super(message);
    this.name = 'FileFormatError';
  }
}

/** Formats a byte offset the way error messages show it: 1204311 -> "1,204,311". */
export function formatOffset(offset: number): string {
  return String(offset).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
