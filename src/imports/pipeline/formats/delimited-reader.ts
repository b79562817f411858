import Papa from 'papaparse';
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

/** Turns a header and then each row's cells into a product object; one per format. */
export interface RowMapping {
  /** Checks the header (throws FileFormatError when it cannot be a feed's header). */
  header(columns: string[]): void;
  product(cells: string[]): Record<string, unknown>;
}

/** One record's cells, or why they cannot be read. */
export type RecordCells = { cells: string[] } | { problem: string };

/**
 * Papa Parse's parser for one record at a time (DelimitedRecordCutter has found its end): its line
 * breaks are inside quotes, so the `\n` Papa is told to break at never ends a row, and a broken
 * quote can only fail its own row. A closing quote followed by spaces before the delimiter is read
 * (Papa allows it); a quote never closed or a quote mark in the wrong place fails the row.
 */
export function recordCells(parser: Papa.Parser, text: string): RecordCells {
  const { data, errors } = parser.parse(text, 0, false) as { data: string[][]; errors: Papa.ParseError[] };
  if (errors.length > 0) return { problem: errors[0].code === 'MissingQuotes' ? 'a quoted field is never closed' : 'a quote mark in the wrong place' };
  return { cells: data[0] ?? [''] };
}

/** Papa Parse's parser with the rules DelimitedRecordCutter follows (quote and escape `"`, no comments). */
export function recordParser(delimiter: ',' | '\t'): Papa.Parser {
  return new Papa.Parser({ delimiter, newline: '\n', quoteChar: '"', escapeChar: '"', comments: false });
}

/**
 * CSV (RFC 4180) and tab-separated feeds: the first row is the header, each further row one element.
 * DelimitedRecordCutter finds each row's end (any of CRLF, LF and CR, mixed in one file) and drops a
 * row over 256 KiB while reading it, so no row's bytes are ever held past 256 KiB; Papa Parse reads
 * each row's cells. A row with another column count than the header, whose quote is not closed by
 * the end of the file, with a quote mark in the wrong place or over 256 KiB fails alone with the
 * line it begins on.
 */
export class DelimitedReader implements FeedReader {
  count = 0;
  private header: string[] | null = null;
  private readonly utf8 = new Utf8Text();
  private readonly cutter: DelimitedRecordCutter;
  private readonly parser: Papa.Parser;

  constructor(
    delimiter: ',' | '\t',
    private readonly mapping: RowMapping,
    private readonly formatName: string,
    /**
     * The scan pass: the header is checked and rows are counted, never parsed: past the header each
     * record the cutter finds is a row, and a row cannot fail the file.
     */
    private readonly countOnly = false,
  ) {
    this.cutter = new DelimitedRecordCutter(delimiter.charCodeAt(0), MAX_ELEMENT_BYTES);
    this.parser = recordParser(delimiter);
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
   * The elements of the rows that end in `chunk`; throws FileFormatError when the file cannot be
   * read as the format. For the upload's count too.
   */
  push(chunk: Buffer): RawElement[] {
    this.utf8.decode(chunk);
    return this.elements(this.cutter.push(chunk));
  }

  /** The elements of the file's last rows, once it has all been pushed. */
  end(): Promise<RawElement[]> {
    this.utf8.end();
    const last = this.elements(this.cutter.end());
    if (this.header === null) throw this.headerError('the file is empty');
    return Promise.resolve(last);
  }

  private elements(records: CutRecord[]): RawElement[] {
    const out: RawElement[] = [];
    for (const record of records) {
      if (this.header === null) this.readHeader(record);
      else if (this.countOnly) this.count++;
      else out.push(this.element(this.header, record));
    }
    return out;
  }

  private readHeader(record: CutRecord): void {
    if (record.bytes === null) throw this.headerError(`it is over ${limitText()}`);
    const read = recordCells(this.parser, record.bytes.toString('utf8'));
    if ('problem' in read) throw this.headerError(read.problem);
    const { cells } = read;
    if (cells.length > MAX_COLUMNS) {
      throw this.headerError(`it has ${cells.length.toLocaleString('en-US')} columns; at most ${MAX_COLUMNS.toLocaleString('en-US')} are read`);
    }
    this.mapping.header(cells);
    this.header = cells;
  }

  private element(header: string[], record: CutRecord): RawElement {
    const index = this.count++;
    if (record.bytes === null) return this.oversizedRow(index, header, record);
    const read = recordCells(this.parser, record.bytes.toString('utf8'));
    if ('problem' in read) return failedElement(index, `row cannot be read as ${this.formatName}: ${read.problem}`, record.line, 0);
    const { cells } = read;
    if (cells.length !== header.length) {
      return failedElement(index, `row has ${cells.length.toLocaleString('en-US')} columns; the header has ${header.length}`, record.line, 0);
    }
    return mappedElement(index, this.mapping.product(cells), record.line, 0);
  }

  /** A row dropped unread: it fails alone, naming the column where it passed the limit. */
  private oversizedRow(index: number, header: string[], record: CutRecord): RawElement {
    const column = record.oversized!.column;
    const name = header[column]?.trim() ?? '';
    const where = `column ${(column + 1).toLocaleString('en-US')}${SAFE_NAME.test(name) ? ` (${name})` : ''}`;
    return failedElement(index, `row is over ${limitText()}: it passes the limit in ${where} and is not read`, record.line, 0);
  }

  private headerError(why: string): FileFormatError {
    return new FileFormatError('invalid_feed', `The header row cannot be read as ${this.formatName}: ${why}`, 0);
  }
}

function limitText(): string {
  return `${MAX_ELEMENT_BYTES.toLocaleString('en-US')} bytes (256 KiB)`;
}
