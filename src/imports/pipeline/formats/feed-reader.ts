import type { RawElement } from '../raw-element';

/**
 * The seam a format plugs into: the stored file's chunks in, its products out in file order as
 * raw elements (JSON object bytes, with their line where the format has lines), a few at a time.
 * Element indexes count from 0 and are the job's cursor, so a resumed job reads the file again and
 * skips what it committed. A row or item the reader cannot read is an element with `failure` (it
 * fails alone); a file that cannot be read as the format at all throws FileFormatError.
 */
export interface FeedReader {
  read(chunks: AsyncIterable<Buffer>): AsyncIterable<RawElement[]>;
  /** Elements the last read produced (the scan pass's total). */
  readonly count: number;
}
