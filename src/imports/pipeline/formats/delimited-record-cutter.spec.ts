import { Parser } from 'csv-parse';
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { recordCells, recordParser } from './delimited-reader';
import { type CutRecord, DelimitedRecordCutter } from './delimited-record-cutter';

type Delimiter = ',' | '\t';
/** A record as csv-parse reads it: its cells, or 'skipped' (an error in it). */
type Parsed = string[] | 'skipped';

/** csv-parse (the reference: RFC 4180 with `relax_quotes`, CRLF, LF and CR alike) over the whole text. */
function reference(bytes: Buffer, delimiter: Delimiter): Parsed[] {
  const records: Parsed[] = [];
  const parser = new Parser({
    delimiter,
    bom: false,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: () => void records.push('skipped'),
    on_record: (cells: string[]) => void records.push(cells),
  });
  let failure: unknown;
  parser.on('error', (error) => (failure = error));
  if (bytes.length > 0) parser.write(bytes);
  parser.end();
  if (failure) throw failure;
  return records;
}

/** The cutter over `bytes` cut in chunks at `cuts`: the records it finds. */
function cut(bytes: Buffer, cuts: number[], delimiter: Delimiter, limit: number): CutRecord[] {
  const cutter = new DelimitedRecordCutter(delimiter.charCodeAt(0), limit);
  const records: CutRecord[] = [];
  let from = 0;
  for (const at of [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)) {
    records.push(...cutter.push(bytes.subarray(from, at)));
    from = at;
  }
  records.push(...cutter.push(bytes.subarray(from)), ...cutter.end());
  return records;
}

/** What the reader reads from one cut record: its cells, or 'skipped' (it fails alone). */
function cellsOf(record: CutRecord, delimiter: Delimiter): Parsed {
  const read = recordCells(recordParser(delimiter), record.bytes!.toString('utf8'));
  return 'cells' in read ? read.cells : 'skipped';
}

const delimiters = fc.constantFrom<Delimiter>(',', '\t');
const cuts = fc.array(fc.nat(), { maxLength: 8 });
/** Text made of everything that moves a record boundary, and a two-byte character. */
const anyText = fc
  .array(fc.constantFrom('a', ' ', ',', '\t', '"', '""', '\r', '\n', '\r\n', 'é', '\uFEFF'), { maxLength: 60 })
  .map((pieces) => pieces.join(''));

/** A file written record by record, so each record's size and first line are known. */
const writtenFile = (delimiter: Delimiter) =>
  fc
    .array(
      fc.record({
        cells: fc.array(fc.array(fc.constantFrom('a', 'é', ' ', '"', ',', '\t', '\r', '\n'), { maxLength: 6 }), {
          minLength: 1,
          maxLength: 4,
        }),
        quoteAll: fc.boolean(),
        end: fc.constantFrom('\r\n', '\n', '\r', '\n\n', '\r\n\r\n'),
      }),
      { maxLength: 8 },
    )
    .map((rows) => {
      let text = '';
      let line = 1;
      const records: Array<{ cells: string[]; line: number; bytes: number }> = [];
      for (const row of rows) {
        const cells = row.cells.map((chars) => chars.join(''));
        const written = cells
          .map((cell) => (row.quoteAll || /[",\t\r\n]/.test(cell) || cell === '' ? `"${cell.replace(/"/g, '""')}"` : cell))
          .join(delimiter);
        records.push({ cells, line, bytes: Buffer.byteLength(written) });
        text += written + row.end;
        line += (written + row.end).replace(/\r\n/g, '\n').split(/[\r\n]/).length - 1;
      }
      return { text, records };
    });

describe('DelimitedRecordCutter with Papa Parse', () => {
  it('finds the records csv-parse finds in any text, and reads each one as csv-parse does but for broken quotes', () => {
    fc.assert(
      fc.property(anyText, delimiters, cuts, (text, delimiter, at) => {
        const bytes = Buffer.from(text);
        const records = cut(bytes, at, delimiter, Infinity);
        const whole = reference(bytes.subarray(text.startsWith('\uFEFF') ? 3 : 0), delimiter);
        expect(records).toHaveLength(whole.length);
        records.forEach((record, k) => {
          const ours = cellsOf(record, delimiter);
          const written = record.bytes!.toString();
          if (ours === 'skipped') {
            // A quoted field with text after its closing quote (`"a"b`) or never closed fails the row,
            // where csv-parse guesses (or fails it too).
            expect(written).toMatch(/(^|[,\t])"/);
          } else if (whole[k] === 'skipped' || !isDeepStrictEqual(ours, whole[k])) {
            // Papa Parse drops whitespace between a closing quote and the delimiter or the row's end,
            // where csv-parse fails the row or reads the quotes as text.
            expect(written).toMatch(/"\s+([,\t]|$)/);
          }
        });
      }),
      { numRuns: 3_000 },
    );
  });

  it('drops each record over the limit and keeps the others byte for byte', () => {
    fc.assert(
      fc.property(anyText, delimiters, cuts, fc.integer({ min: 0, max: 12 }), (text, delimiter, at, limit) => {
        const bytes = Buffer.from(text);
        const whole = cut(bytes, [], delimiter, Infinity);
        const records = cut(bytes, at, delimiter, limit);
        expect(records).toHaveLength(whole.length);
        records.forEach((record, k) => {
          expect(record.line).toBe(whole[k].line);
          if (record.oversized) {
            expect(record.bytes).toBeNull();
            expect(whole[k].bytes!.length).toBeGreaterThan(limit);
          } else {
            expect(record.bytes!.equals(whole[k].bytes!)).toBe(true);
            expect(record.bytes!.length).toBeLessThanOrEqual(limit);
          }
        });
      }),
      { numRuns: 2_000 },
    );
  });

  it('gives each written record its first line and its cells, and fails exactly those over the limit', () => {
    fc.assert(
      fc.property(
        delimiters.chain((d) => fc.tuple(fc.constant(d), writtenFile(d))),
        cuts,
        fc.integer({ min: 0, max: 30 }),
        ([delimiter, file], at, limit) => {
          const records = cut(Buffer.from(file.text), at, delimiter, limit);
          expect(records.map((r) => [r.line, r.oversized !== undefined])).toEqual(file.records.map((r) => [r.line, r.bytes > limit]));
          expect(records.map((r) => (r.oversized ? 'over' : cellsOf(r, delimiter)))).toEqual(
            file.records.map((r) => (r.bytes > limit ? 'over' : r.cells)),
          );
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('names the column where a record passes the limit, across chunks', () => {
    const cutter = new DelimitedRecordCutter(0x2c, 10);
    const records = [
      ...cutter.push(Buffer.from('ab,"cd\n')),
      ...cutter.push(Buffer.from('efgh",ij\r\nk')),
      ...cutter.push(Buffer.from('l,mn,o')),
      ...cutter.push(Buffer.from('pqrstuvwxyz,z\r')),
      ...cutter.push(Buffer.from('\nok')),
      ...cutter.end(),
    ];
    expect(records).toEqual([
      { line: 1, bytes: null, oversized: { column: 1 } }, // `ab,"cd\nefgh"` is 12 bytes at the end of column 1
      { line: 3, bytes: null, oversized: { column: 2 } }, // `kl,mn,opqrstuvwxyz`: column 2 ends at 18 bytes
      { line: 4, bytes: Buffer.from('ok') },
    ]);
  });
});
