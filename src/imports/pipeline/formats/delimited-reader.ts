import { Parser } from 'csv-parse';
import { FileFormatError } from '../parsing/file-format-error';
import { MAX_ELEMENT_BYTES, type RawElement } from '../raw-element';
import type { FeedReader } from './feed-reader';
import { failedElement, mappedElement } from './mapped-element';
import { Utf8Text } from './utf8-text';

/** Columns a header may name: a wider header is not a product table (and would cost every row). */
export const MAX_COLUMNS = 1_000;

/** Turns a header and then each row's cells into a product object; one per format. */
export interface RowMapping {
  /** Checks the header (throws FileFormatError when it cannot be a feed's header). */
  header(columns: string[]): void;
  product(cells: string[]): Record<string, unknown>;
}

/**
 * CSV (RFC 4180) and tab-separated feeds, parsed by csv-parse: the first row is the header, each
 * further row one element. Any of CRLF, LF and CR ends a row, mixed in one file. A row with another
 * column count than the header, or whose quote is not closed by the end of the file, fails alone with
 * its line; a row over 256 KiB fails the file (the parser cannot find the next row after it).
 */
export class DelimitedReader implements FeedReader {
  count = 0;

  constructor(
    private readonly delimiter: ',' | '\t',
    private readonly mapping: RowMapping,
    private readonly formatName: string,
    /** The scan pass: rows are counted (and the header checked), never mapped. */
    private readonly countOnly = false,
  ) {}

  async *read(chunks: AsyncIterable<Buffer>): AsyncIterable<RawElement[]> {
    let out: RawElement[] = [];
    let columns: number | null = null;
    let failure: Error | undefined;
    const parser = new Parser({
      delimiter: this.delimiter,
      bom: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      // A stray quote mark is text: after a quote error csv-parse cannot find the row's end again, and
      // failing "one row" would swallow the rest of the file into it.
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      // Holding a row's bytes stops at 256 KiB: past that csv-parse cannot skip to the next row (it drops
      // the rest of its input), so such a row fails the file instead of taking the worker's memory.
      max_record_size: MAX_ELEMENT_BYTES,
      on_skip: (error: Error | undefined) => {
        if ((error as { code?: string } | undefined)?.code === 'CSV_MAX_RECORD_SIZE') {
          throw new FileFormatError(
            'invalid_feed',
            `The row at line ${lineOf(error).toLocaleString('en-US')} is over ${MAX_ELEMENT_BYTES.toLocaleString('en-US')} bytes (256 KiB), ` +
              'or a quoted field is never closed; the rows after it cannot be found',
            0,
          );
        }
        if (columns === null) throw this.headerError(error?.message ?? 'unreadable');
        out.push(failedElement(this.count++, `row cannot be read as ${this.formatName}: ${rowProblem(error)}`, lineOf(error), 0));
      },
      on_record: (record: string[], context: { lines: number }) => {
        if (columns === null) {
          if (record.length > MAX_COLUMNS) {
            throw this.headerError(
              `it has ${record.length.toLocaleString('en-US')} columns; at most ${MAX_COLUMNS.toLocaleString('en-US')} are read`,
            );
          }
          this.mapping.header(record);
          columns = record.length;
          return undefined;
        }
        if (this.countOnly) this.count++;
        else out.push(this.element(record, columns, context.lines));
        return undefined; // nothing is queued on the stream: elements are collected here, in file order
      },
    });
    parser.on('error', (error: Error) => (failure ??= error));
    const utf8 = new Utf8Text();
    for await (const chunk of chunks) {
      utf8.decode(chunk);
      parser.write(chunk);
      if (failure) throw asFileError(failure);
      if (out.length > 0) {
        yield out;
        out = [];
      }
    }
    utf8.end();
    await new Promise<void>((resolve) => parser.end(resolve));
    if (failure) throw asFileError(failure);
    if (columns === null) throw this.headerError('the file is empty');
    if (out.length > 0) yield out;
  }

  private element(record: string[], columns: number, line: number): RawElement {
    const index = this.count++;
    if (record.length !== columns) {
      return failedElement(index, `row has ${record.length.toLocaleString('en-US')} columns; the header has ${columns}`, line, 0);
    }
    let size = 0;
    for (const cell of record) size += cell.length;
    if (size > MAX_ELEMENT_BYTES) {
      return failedElement(
        index,
        `row is ${size.toLocaleString('en-US')} characters; the limit is ${MAX_ELEMENT_BYTES.toLocaleString('en-US')} (256 KiB)`,
        line,
        0,
      );
    }
    return mappedElement(index, this.mapping.product(record), line, 0);
  }

  private headerError(why: string): FileFormatError {
    return new FileFormatError('invalid_feed', `The header row cannot be read as ${this.formatName}: ${why}`, 0);
  }
}

function asFileError(error: Error): Error {
  return error instanceof FileFormatError ? error : new FileFormatError('invalid_feed', `The file cannot be read: ${error.message}`, 0);
}

/** csv-parse's reason in our words, without quoting the input. */
function rowProblem(error: Error | undefined): string {
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'CSV_QUOTE_NOT_CLOSED') return 'a quoted field is never closed';
  if (code === 'CSV_INVALID_CLOSING_QUOTE' || code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE')
    return 'a quote mark in the wrong place';
  return code ?? 'unreadable';
}

function lineOf(error: Error | undefined): number {
  return (error as { lines?: number } | undefined)?.lines ?? 0;
}
