import { Parser } from 'csv-parse';
import fc from 'fast-check';
import { parsingRules } from './delimited-reader';
import { type CutRecord, DelimitedRecordCutter } from './delimited-record-cutter';

type Delimiter = ',' | '\t';
/** A record as csv-parse reads it: its cells, or 'skipped' (a quote never closed). */
type Parsed = string[] | 'skipped';

/** csv-parse over `parts` with the reader's rules. */
function parse(parts: Buffer[], delimiter: Delimiter): Parsed[] {
  const records: Parsed[] = [];
  const parser = new Parser({
    ...parsingRules(delimiter),
    on_skip: () => void records.push('skipped'),
    on_record: (cells: string[]) => void records.push(cells),
  });
  let failure: unknown;
  parser.on('error', (error) => (failure = error));
  for (const part of parts) if (part.length > 0) parser.write(part);
  parser.end();
  if (failure) throw failure;
  return records;
}

/** The cutter over `bytes` cut in chunks at `cuts`: what it passes on, and its accounts. */
function cut(bytes: Buffer, cuts: number[], delimiter: Delimiter, limit: number): { parts: Buffer[]; records: CutRecord[] } {
  const cutter = new DelimitedRecordCutter(delimiter.charCodeAt(0), limit);
  const parts: Buffer[] = [];
  let from = 0;
  for (const at of [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b)) {
    parts.push(...cutter.push(bytes.subarray(from, at)));
    from = at;
  }
  parts.push(...cutter.push(bytes.subarray(from)), ...cutter.end());
  return { parts, records: cutter.records };
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

describe('DelimitedRecordCutter', () => {
  it('finds the records csv-parse finds in any text, passing every byte on when none is over the limit', () => {
    fc.assert(
      fc.property(anyText, delimiters, cuts, (text, delimiter, at) => {
        const bytes = Buffer.from(text);
        const { parts, records } = cut(bytes, at, delimiter, Infinity);
        const withoutBom = text.startsWith('\uFEFF') ? bytes.subarray(3) : bytes;
        expect(Buffer.concat(parts).equals(withoutBom)).toBe(true);
        expect(records).toHaveLength(parse([withoutBom], delimiter).length);
      }),
      { numRuns: 2_000 },
    );
  });

  it('replaces each record over the limit by a placeholder row and keeps the others as csv-parse reads them', () => {
    fc.assert(
      fc.property(anyText, delimiters, cuts, fc.integer({ min: 0, max: 12 }), (text, delimiter, at, limit) => {
        const bytes = Buffer.from(text);
        const whole = parse([bytes.subarray(text.startsWith('\uFEFF') ? 3 : 0)], delimiter);
        const { parts, records } = cut(bytes, at, delimiter, limit);
        const kept = parse(parts, delimiter);
        expect(kept).toHaveLength(records.length);
        records.forEach((record, k) => {
          if (record.oversized) expect(kept[k]).toEqual(['x']);
          else expect(kept[k]).toEqual(whole[k]);
          // Cells are never larger than the bytes they were read from.
          if (whole[k] !== 'skipped' && Buffer.byteLength((whole[k] as string[]).join(delimiter)) > limit)
            expect(record.oversized).toBeDefined();
        });
      }),
      { numRuns: 2_000 },
    );
  });

  it('gives each written record its first line, and fails exactly those over the limit', () => {
    fc.assert(
      fc.property(
        delimiters.chain((d) => fc.tuple(fc.constant(d), writtenFile(d))),
        cuts,
        fc.integer({ min: 0, max: 30 }),
        ([delimiter, file], at, limit) => {
          const { parts, records } = cut(Buffer.from(file.text), at, delimiter, limit);
          expect(records.map((r) => [r.line, r.oversized !== undefined])).toEqual(file.records.map((r) => [r.line, r.bytes > limit]));
          expect(parse(parts, delimiter)).toEqual(file.records.map((r) => (r.bytes > limit ? ['x'] : r.cells)));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('names the column where a record passes the limit, across chunks', () => {
    const cutter = new DelimitedRecordCutter(0x2c, 10);
    const out = [
      ...cutter.push(Buffer.from('ab,"cd\n')),
      ...cutter.push(Buffer.from('efgh",ij\r\nk')),
      ...cutter.push(Buffer.from('l,mn,o')),
      ...cutter.push(Buffer.from('pqrstuvwxyz,z\r')),
      ...cutter.push(Buffer.from('\nok')),
      ...cutter.end(),
    ];
    expect(cutter.records).toEqual([
      { line: 1, oversized: { column: 1 } }, // `ab,"cd\nefgh"` is 12 bytes at the end of column 1
      { line: 3, oversized: { column: 2 } }, // `kl,mn,opqrstuvwxyz`: column 2 ends at 18 bytes
      { line: 4 },
    ]);
    expect(Buffer.concat(out).toString()).toBe('x\n\nx\n\nok'); // a CRLF's LF after a placeholder is a blank line
  });
});
