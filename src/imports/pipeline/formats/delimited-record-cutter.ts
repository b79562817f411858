const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** What a record cut out is replaced with: a one-cell row, so the parser still emits one record there. */
const PLACEHOLDER = Buffer.from('x\n');

/** One non-blank record of a delimited file, in file order, as the cutter found it. */
export interface CutRecord {
  /** 1-based line where the record begins (CRLF, LF and CR each end a line, inside quotes too). */
  line: number;
  /** Set when the record is over the limit: its bytes were dropped (the parser sees a placeholder). */
  oversized?: {
    /** 0-based field where the record passed the limit. */
    column: number;
  };
}

/**
 * Finds where each record of a CSV or TSV file ends, before csv-parse sees it, so that a record over
 * `maxRecordBytes` is dropped while it is read (never held) and fails alone instead of the file:
 * csv-parse itself cannot find the next record after its own size limit. The rules are csv-parse's,
 * for the options DelimitedReader gives it (quote and escape `"`, `relax_quotes`, record delimiters
 * CRLF, LF and CR, no comments, no trimming): a quote opens a quoted field only at a field's start;
 * inside one, `""` is a quote and any other quote closes it; blank lines are no record.
 *
 * push() returns the bytes to parse: the records within the limit as written, and a placeholder
 * row for each record dropped. `records` receives each record's account when it ends, before its
 * bytes are returned, so the parser's n-th record is always the n-th account.
 */
export class DelimitedRecordCutter {
  readonly records: CutRecord[] = [];

  private head: Buffer | null = Buffer.alloc(0); // the file's first bytes until the BOM is known (null after)
  private line = 1;
  private afterCR = false; // the last byte was a CR (an LF right after it ends no further line)
  private quoting = false;
  private quotePending = false; // a quote inside a quoted field: the next byte tells an escape from a close
  private fieldStart = true;
  private inRecord = false;
  private recordLine = 0;
  private column = 0;
  private overColumn = -1; // the field where the record passed the limit (-1: not yet)
  private dropping = false; // the record is over the limit: its bytes are skipped to its end
  private carry: Buffer[] = []; // the current record's bytes from earlier chunks (never over the limit)
  private carried = 0;

  constructor(
    private readonly delimiter: number,
    private readonly maxRecordBytes: number,
  ) {}

  push(input: Buffer): Buffer[] {
    const chunk = this.withoutBom(input);
    return chunk === null ? [] : this.scan(chunk);
  }

  /** The bytes left at the end of the file (the last record when no line break ends it). */
  end(): Buffer[] {
    const out: Buffer[] = [];
    if (this.head !== null) {
      const head = this.head; // a file shorter than a BOM
      this.head = null;
      out.push(...this.scan(head));
    }
    if (!this.inRecord) return out;
    this.quoting = false; // a quote never closed: the parser fails this last record alone
    this.fieldEnd(this.carried);
    out.push(...(this.overColumn >= 0 ? [PLACEHOLDER] : this.carry));
    this.endRecord();
    return out;
  }

  private scan(chunk: Buffer): Buffer[] {
    const out: Buffer[] = [];
    let emitFrom = 0; // chunk bytes from here are not yet returned
    let recordFrom = 0; // where the current record begins in this chunk (0 when it began earlier)
    const size = (pos: number) => this.carried + pos - recordFrom;
    for (let pos = 0; pos < chunk.length; pos++) {
      const byte = chunk[pos];
      const afterCR = this.afterCR;
      this.afterCR = byte === CR;
      if (byte === CR || (byte === LF && !afterCR)) this.line++;
      if (this.quotePending) {
        this.quotePending = false;
        if (byte === QUOTE) continue; // `""`: a quote mark inside the field
        this.quoting = false; // any other byte: the field was closed; the byte is read outside quotes
      }
      if (this.quoting) {
        if (byte === QUOTE) this.quotePending = true;
        continue;
      }
      if (byte === CR || byte === LF) {
        if (!this.inRecord) continue; // a blank line (or the LF of a CRLF)
        this.fieldEnd(size(pos));
        if (this.overColumn >= 0) {
          if (!this.dropping) out.push(chunk.subarray(emitFrom, recordFrom));
          out.push(PLACEHOLDER);
          emitFrom = pos + 1; // the record's line break went with it (the placeholder has its own)
        } else if (this.carry.length > 0) {
          out.push(...this.carry);
        }
        this.endRecord();
        continue;
      }
      if (!this.inRecord) {
        this.inRecord = true;
        this.recordLine = this.line;
        recordFrom = pos;
      }
      if (byte === this.delimiter) {
        this.fieldEnd(size(pos));
        this.column++;
        this.fieldStart = true;
      } else {
        if (byte === QUOTE && this.fieldStart) this.quoting = true;
        this.fieldStart = false;
      }
    }
    if (!this.inRecord) {
      out.push(chunk.subarray(emitFrom));
      return out;
    }
    // The record goes on in the next chunk: what came before it is returned; its own bytes are kept
    // while within the limit, and dropped from the moment they are not.
    if (!this.dropping) {
      out.push(chunk.subarray(emitFrom, recordFrom));
      if (size(chunk.length) > this.maxRecordBytes) {
        if (this.overColumn < 0) this.overColumn = this.column;
        this.dropping = true;
        this.carry = [];
      } else {
        this.carry.push(Buffer.from(chunk.subarray(recordFrom)));
      }
    }
    this.carried += chunk.length - recordFrom;
    return out;
  }

  /** A field ends where the record has `size` bytes: the first to end past the limit is where it passed it. */
  private fieldEnd(size: number): void {
    if (size > this.maxRecordBytes && this.overColumn < 0) this.overColumn = this.column;
  }

  private endRecord(): void {
    this.records.push(this.overColumn >= 0 ? { line: this.recordLine, oversized: { column: this.overColumn } } : { line: this.recordLine });
    this.inRecord = false;
    this.column = 0;
    this.overColumn = -1;
    this.dropping = false;
    this.carry = [];
    this.carried = 0;
    this.fieldStart = true;
  }

  /** The chunk without the file's leading UTF-8 BOM (null while too few bytes have come to tell). */
  private withoutBom(chunk: Buffer): Buffer | null {
    if (this.head === null) return chunk;
    const head = this.head.length === 0 ? chunk : Buffer.concat([this.head, chunk]);
    if (head.length < BOM.length) {
      this.head = head;
      return null;
    }
    this.head = null;
    return head.subarray(0, BOM.length).equals(BOM) ? head.subarray(BOM.length) : head;
  }
}
