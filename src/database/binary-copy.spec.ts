import fc from 'fast-check';
import { binaryCopyField } from './binary-copy';

/** What PostgreSQL sends for one bytea row (or none), optionally with a header extension. */
function copyOutput(data: Buffer | null, extension = Buffer.alloc(0)): Buffer {
  const header = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(4), Buffer.alloc(4), extension]);
  header.writeUInt32BE(extension.length, 15);
  const trailer = Buffer.from([0xff, 0xff]);
  if (data === null) return Buffer.concat([header, trailer]);
  const tuple = Buffer.alloc(6);
  tuple.writeInt16BE(1, 0);
  tuple.writeInt32BE(data.length, 2);
  return Buffer.concat([header, tuple, data, trailer]);
}

/** The output cut at the given (sorted, deduplicated) positions. */
function cut(output: Buffer, positions: number[]): Buffer[] {
  const points = [...new Set(positions.map((p) => p % (output.length + 1)))].sort((a, b) => a - b);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const point of [...points, output.length]) {
    pieces.push(output.subarray(from, point));
    from = point;
  }
  return pieces;
}

const field = (pieces: Buffer[]) => {
  const views = binaryCopyField(pieces);
  return views === null ? null : Buffer.concat(views);
};

describe('binaryCopyField', () => {
  it('returns the row’s bytes exactly, whatever they are and however the output arrived in pieces', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.uint8Array({ maxLength: 5 }), fc.array(fc.nat(), { maxLength: 12 }), (data, extension, positions) => {
        const output = copyOutput(Buffer.from(data), Buffer.from(extension));
        expect(field(cut(output, positions))?.equals(Buffer.from(data))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('hands the bytes out as views of the pieces, not copies', () => {
    const output = copyOutput(Buffer.from('abcdef'));
    const pieces = cut(output, [27, 33]); // the data starts at byte 25
    const views = binaryCopyField(pieces)!;
    expect(views.map((v) => v.toString())).toEqual(['ab', 'cdef']);
    pieces[1][0] = 0x43; // 'C'
    expect(views[1].toString()).toBe('Cdef');
  });

  it('returns null when there is no row', () => {
    expect(binaryCopyField([copyOutput(null)])).toBeNull();
    expect(binaryCopyField(cut(copyOutput(null), [3, 19, 20]))).toBeNull();
  });

  it('rejects output that is not one whole row', () => {
    const whole = copyOutput(Buffer.from('abc'));
    expect(() => binaryCopyField([whole.subarray(0, whole.length - 1)])).toThrow('exactly one row');
    expect(() => binaryCopyField([whole.subarray(0, whole.length - 2), whole.subarray(19)])).toThrow('exactly one row');
    expect(() => binaryCopyField([Buffer.from('PGCOPZ\n\xff\r\n\0........xx', 'latin1')])).toThrow('bad header');
    expect(() => binaryCopyField([])).toThrow('bad header');
  });
});
