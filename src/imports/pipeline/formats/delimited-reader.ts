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
  private out: RawElement[] = [];
  private header: string[] | null = null;
  private failure: Error | undefined;
  private readonly utf8 = new Utf8Text();
  private readonly cutter: DelimitedRecordCutter;
  private readonly parser: Parser;

  constructor(
    delimiter: ',' | '\t',
    private readonly mapping: RowMapping,
    private readonly formatName: string,
    /**
     * The scan pass: the header is checked and rows are counted, never mapped. Past the header only
     * the cutter reads (each of its records is one row csv-parse would give, an element): the
     * file-level checks are the header's and UTF-8's, and a row cannot fail the file.
     */
    private readonly countOnly = false,
  ) {
    this.cutter = new DelimitedRecordCutter(delimiter.charCodeAt(0), MAX_ELEMENT_BYTES);
    this.parser = new Parser({
      ...parsingRules(delimiter),
      on_skip: (error: Error | undefined) => this.skipped(error),
      on_record: (cells: string[]) => this.record(cells),
    });
    this.parser.on('error', (error: Error) => (this.failure ??= error));
  }

  async *read(chunks: AsyncIterable<Buffer>): AsyncIterable<RawElement[]> {
    for await (const chunk of chunks) {
      const elements = this.push(chunk);
      if (elements.length > 0) yield elements;
    }
    const last = await this.end();
    if (last.length > 0) yield last;
  }

  /**
   * The elements of the rows that end in `chunk` (read at once: csv-parse's write is synchronous);
   * throws FileFormatError when the file cannot be read as the format. For the upload's count too.
   */
  push(chunk: Buffer): RawElement[] {
    this.utf8.decode(chunk);
    this.write(this.cutter.push(chunk));
    this.countCut();
    return this.taken();
  }

  /** The elements of the file's last rows, once it has all been pushed. */
  async end(): Promise<RawElement[]> {
    this.utf8.end();
    this.write(this.cutter.end());
    if (this.countingCut()) {
      this.countCut();
      return this.taken(); // csv-parse, fed no more, is left as it is
    }
    await new Promise<void>((resolve) => this.parser.end(resolve));
    const last = this.taken();
    if (this.cutter.records.length > 0) throw asFileError(new Error('the record cutter found a row csv-parse did not'));
    if (this.header === null) throw this.headerError('the file is empty');
    return last;
  }

  private write(parts: Buffer[]): void {
    if (this.countingCut()) return;
    for (const part of parts) if (part.length > 0) this.parser.write(part);
  }

  /** Counting past the header: the cutter's records are the rows (csv-parse gets no more bytes). */
  private countingCut(): boolean {
    return this.countOnly && this.header !== null && this.failure === undefined;
  }

  /** Counts the rows the cutter found that csv-parse did not give (the rest of what it was written). */
  private countCut(): void {
    if (!this.countingCut()) return;
    this.count += this.cutter.records.length;
    this.cutter.records.length = 0;
  }

  private taken(): RawElement[] {
    if (this.failure) throw asFileError(this.failure);
    const out = this.out;
    this.out = [];
    return out;
  }

  private nextRecord(): CutRecord {
    const record = this.cutter.records.shift();
    // The cutter and csv-parse read the same rules: a record it did not find is a bug, not bad input.
    if (record === undefined) throw new Error('csv-parse found a row the record cutter did not');
    return record;
  }

  private skipped(error: Error | undefined): undefined {
    const record = this.nextRecord();
    if (this.header === null) throw this.headerError(error?.message ?? 'unreadable');
    this.out.push(failedElement(this.count++, `row cannot be read as ${this.formatName}: ${rowProblem(error)}`, record.line, 0));
    return undefined;
  }

  private record(cells: string[]): undefined {
    const record = this.nextRecord();
    if (this.header === null) {
      if (record.oversized) throw this.headerError(`it is over ${limitText()}`);
      if (cells.length > MAX_COLUMNS) {
        throw this.headerError(
          `it has ${cells.length.toLocaleString('en-US')} columns; at most ${MAX_COLUMNS.toLocaleString('en-US')} are read`,
        );
      }
      this.mapping.header(cells);
      this.header = cells;
    } else if (this.countOnly) {
      this.count++;
    } else {
      this.out.push(record.oversized ? this.oversizedRow(this.header, record) : this.element(cells, this.header.length, record.line));
    }
    return undefined; // nothing is queued on the stream: elements are collected here, in file order
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
