import { binaryCopyField } from './binary-copy-field';

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

describe('binaryCopyField', () => {
  it('returns the row’s bytes exactly, whatever they are', () => {
    const data = Buffer.from(Array.from({ length: 1024 }, (_, i) => (i * 7) % 256));
    expect(binaryCopyField(copyOutput(data))?.equals(data)).toBe(true);
    expect(binaryCopyField(copyOutput(Buffer.alloc(0)))?.length).toBe(0);
  });

  it('skips a header extension', () => {
    expect(binaryCopyField(copyOutput(Buffer.from('abc'), Buffer.from('ext!')))?.toString()).toBe('abc');
  });

  it('returns null when there is no row', () => {
    expect(binaryCopyField(copyOutput(null))).toBeNull();
  });

  it('rejects output that is not one whole row', () => {
    const whole = copyOutput(Buffer.from('abc'));
    expect(() => binaryCopyField(whole.subarray(0, whole.length - 1))).toThrow('exactly one row');
    expect(() => binaryCopyField(Buffer.concat([whole.subarray(0, whole.length - 2), whole.subarray(19)]))).toThrow('exactly one row');
    expect(() => binaryCopyField(Buffer.from('PGCOPZ\n\xff\r\n\0........xx', 'latin1'))).toThrow('bad header');
  });
});
