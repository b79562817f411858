const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** One non-blank record of a delimited file, in file order, as the cutter found it. */
export interface CutRecord {
  /** 1-based line where the record begins (CRLF, LF and CR each end a line, inside quotes too). */
  line: number;
  /** The record's bytes as written, without its line break; null when it is over the limit (dropped). */
  bytes: Buffer | null;
  /** Set when the record is over the limit. */
  oversized?: {
    /** 0-based field where the record passed the limit. */
    column: number;
  };
}

/**
 * Cuts a CSV or TSV file into records, so that each is parsed alone (a broken quote fails its own
 * row, never the rows after it) and a record over `maxRecordBytes` is dropped while it is read
 * (never held) and fails alone. The rules (quote `"`, CRLF, LF and CR alike, no comments, no
 * trimming): a quote opens a quoted field only at a field's start; inside one, `""` is a quote and
 * any other quote closes it; outside quotes any line break ends the record; blank lines are no
 * record. They are csv-parse's with `relax_quotes`, the property spec's reference.
 *
 * push() and end() return the records that ended in the bytes given, in file order, each with its
 * bytes: a view of the chunk when it lies in one, else a copy (never over the limit).
 */
export class DelimitedRecordCutter {
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

  push(input: Buffer): CutRecord[] {
    const chunk = this.withoutBom(input);
    return chunk === null ? [] : this.scan(chunk);
  }

  /** The records left at the end of the file (the last one when no line break ends it). */
  end(): CutRecord[] {
    const out: CutRecord[] = [];
    if (this.head !== null) {
      const head = this.head; // a file shorter than a BOM
      this.head = null;
      out.push(...this.scan(head));
    }
    if (!this.inRecord) return out;
    this.quoting = false; // a quote never closed: the parser fails this last record alone
    this.fieldEnd(this.carried);
    out.push(this.endRecord(this.overColumn >= 0 ? null : Buffer.concat(this.carry)));
    return out;
  }

  private scan(chunk: Buffer): CutRecord[] {
    const out: CutRecord[] = [];
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
        const bytes =
          this.overColumn >= 0
            ? null
            : this.carry.length > 0
              ? Buffer.concat([...this.carry, chunk.subarray(0, pos)])
              : chunk.subarray(recordFrom, pos);
        out.push(this.endRecord(bytes));
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
    if (!this.inRecord) return out;
    // The record goes on in the next chunk: its bytes are kept while within the limit, and dropped
    // from the moment they are not.
    if (!this.dropping) {
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

  private endRecord(bytes: Buffer | null): CutRecord {
    const record: CutRecord =
      this.overColumn >= 0 ? { line: this.recordLine, bytes: null, oversized: { column: this.overColumn } } : { line: this.recordLine, bytes };
    this.inRecord = false;
    this.column = 0;
    this.overColumn = -1;
    this.dropping = false;
    this.carry = [];
    this.carried = 0;
    this.fieldStart = true;
    return record;
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
