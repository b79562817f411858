import { Parser } from 'csv-parse';
import { FileFormatError } from '../parsing/file-format-error';
import { MAX_ELEMENT_BYTES, type RawElement } from '../raw-element';
import type { FeedReader } from './feed-reader';
import { failedElement, mappedElement } from './mapped-element';
import { type CutRecord, DelimitedRecordCutter } from './delimited-record-cutter';
import { Utf8Text } from './utf8-text';

/** Columns a header may name: a wider header is not a product table (and would cost every row). */
export const MAX_COLUMNS = 1_000;

/** A header name quoted in a message as it is: plain ASCII only (a message never quotes other raw input). */
const SAFE_NAME = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * csv-parse's options for both formats: the rules DelimitedRecordCutter follows to find rows. A stray
 * quote mark is text (relax_quotes): after a quote error csv-parse cannot find the row's end again,
 * and failing "one row" would swallow the rest of the file into it.
 */
export function parsingRules(delimiter: ',' | '\t') {
  return {
    delimiter,
    bom: false, // the cutter drops the BOM (and must see exactly the bytes csv-parse does)
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
  };
}

/** Turns a header and then each row's cells into a product object; one per format. */
export interface RowMapping {
  /** Checks the header (throws FileFormatError when it cannot be a feed's header). */
  header(columns: string[]): void;
  product(cells: string[]): Record<string, unknown>;
}

/**
 * CSV (RFC 4180) and tab-separated feeds, parsed by csv-parse: the first row is the header, each
 * further row one element. Any of CRLF, LF and CR ends a row, mixed in one file. A row with another
 * column count than the header, whose quote is not closed by the end of the file, or over 256 KiB
 * fails alone with the line it begins on. DelimitedRecordCutter finds the rows' ends first and drops
 * a row over the limit while reading it, so no row's bytes are ever held past 256 KiB.
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
    let header: string[] | null = null;
    let failure: Error | undefined;
    const cutter = new DelimitedRecordCutter(this.delimiter.charCodeAt(0), MAX_ELEMENT_BYTES);
    const nextRecord = (): CutRecord => {
      const record = cutter.records.shift();
      // The cutter and csv-parse read the same rules: a record it did not find is a bug, not bad input.
      if (record === undefined) throw new Error('csv-parse found a row the record cutter did not');
      return record;
    };
    const parser = new Parser({
      ...parsingRules(this.delimiter),
      on_skip: (error: Error | undefined) => {
        const record = nextRecord();
        if (header === null) throw this.headerError(error?.message ?? 'unreadable');
        out.push(failedElement(this.count++, `row cannot be read as ${this.formatName}: ${rowProblem(error)}`, record.line, 0));
      },
      on_record: (cells: string[]) => {
        const record = nextRecord();
        if (header === null) {
          if (record.oversized) throw this.headerError(`it is over ${limitText()}`);
          if (cells.length > MAX_COLUMNS) {
            throw this.headerError(
              `it has ${cells.length.toLocaleString('en-US')} columns; at most ${MAX_COLUMNS.toLocaleString('en-US')} are read`,
            );
          }
          this.mapping.header(cells);
          header = cells;
          return undefined;
        }
        if (this.countOnly) {
          this.count++;
          return undefined;
        }
        out.push(record.oversized ? this.oversizedRow(header, record) : this.element(cells, header.length, record.line));
        return undefined; // nothing is queued on the stream: elements are collected here, in file order
      },
    });
    parser.on('error', (error: Error) => (failure ??= error));
    const write = (parts: Buffer[]) => {
      for (const part of parts) if (part.length > 0) parser.write(part);
    };
    const utf8 = new Utf8Text();
    for await (const chunk of chunks) {
      utf8.decode(chunk);
      write(cutter.push(chunk));
      if (failure) throw asFileError(failure);
      if (out.length > 0) {
        yield out;
        out = [];
      }
    }
    utf8.end();
    write(cutter.end());
    await new Promise<void>((resolve) => parser.end(resolve));
    if (failure) throw asFileError(failure);
    if (cutter.records.length > 0) throw asFileError(new Error('the record cutter found a row csv-parse did not'));
    if (header === null) throw this.headerError('the file is empty');
    if (out.length > 0) yield out;
  }

  private element(cells: string[], columns: number, line: number): RawElement {
    const index = this.count++;
    if (cells.length !== columns) {
      return failedElement(index, `row has ${cells.length.toLocaleString('en-US')} columns; the header has ${columns}`, line, 0);
    }
    return mappedElement(index, this.mapping.product(cells), line, 0);
  }

  /** A row dropped unread: it fails alone, naming the column where it passed the limit. */
  private oversizedRow(header: string[], record: CutRecord): RawElement {
    const column = record.oversized!.column;
    const name = header[column]?.trim() ?? '';
    const where = `column ${(column + 1).toLocaleString('en-US')}${SAFE_NAME.test(name) ? ` (${name})` : ''}`;
    return failedElement(this.count++, `row is over ${limitText()}: it passes the limit in ${where} and is not read`, record.line, 0);
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

function limitText(): string {
  return `${MAX_ELEMENT_BYTES.toLocaleString('en-US')} bytes (256 KiB)`;
}
