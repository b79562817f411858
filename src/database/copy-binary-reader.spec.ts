import fc from 'fast-check';
import { readCopyRows } from './copy-binary-reader';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** A binary COPY stream of one-column rows, as PostgreSQL writes it (optionally with a header extension). */
function copyStream(rows: Array<Buffer | null>, extension: Buffer = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(extension.length, 4);
  const parts = [SIGNATURE, header, extension];
  for (const row of rows) {
    const frame = Buffer.alloc(6);
    frame.writeInt16BE(1, 0);
    frame.writeInt32BE(row === null ? -1 : row.length, 2);
    parts.push(frame, row ?? Buffer.alloc(0));
  }
  parts.push(Buffer.from([0xff, 0xff]));
  return Buffer.concat(parts);
}

async function* pieces(input: Buffer, cuts: number[]): AsyncGenerator<Buffer> {
  let from = 0;
  for (const cut of [...new Set(cuts.map((c) => c % (input.length + 1)))].sort((a, b) => a - b)) {
    yield input.subarray(from, cut);
    from = cut;
  }
  yield input.subarray(from);
}

describe('readCopyRows', () => {
  it('returns each row whatever the stream is cut into', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 6 }),
        fc.uint8Array({ maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        async (rows, extension, cuts) => {
          const input = copyStream(rows.map((r) => Buffer.from(r)), Buffer.from(extension));
          const read = await readCopyRows(pieces(input, cuts));
          expect(read.map((r) => [...r])).toEqual(rows.map((r) => [...r]));
        },
      ),
    );
  });

  it('refuses a stream without the signature', async () => {
    await expect(readCopyRows(pieces(Buffer.from('not a copy stream at all'), []))).rejects.toThrow('missing PGCOPY signature');
  });

  it('refuses a NULL row, a second field and a truncated stream', async () => {
    await expect(readCopyRows(pieces(copyStream([null]), []))).rejects.toThrow('unexpected NULL');
    const twoFields = copyStream([Buffer.from('x')]);
    twoFields.writeInt16BE(2, SIGNATURE.length + 8);
    await expect(readCopyRows(pieces(twoFields, []))).rejects.toThrow('expected 1 field per row, got 2');
    const whole = copyStream([Buffer.from('abcdef')]);
    await expect(readCopyRows(pieces(whole.subarray(0, whole.length - 4), []))).rejects.toThrow('truncated row');
    await expect(readCopyRows(pieces(whole.subarray(0, whole.length - 1), []))).rejects.toThrow('truncated stream');
  });
});
