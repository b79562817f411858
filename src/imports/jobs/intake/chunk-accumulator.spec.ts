import { ChunkAccumulator } from './chunk-accumulator';

const text = (chunks: Array<{ seq: number; data: Buffer }>) => chunks.map((c) => `${c.seq}:${c.data.toString()}`);

describe('ChunkAccumulator', () => {
  it('regroups pieces of any size into numbered chunks of exactly chunkBytes, the last one shorter', () => {
    const chunks = new ChunkAccumulator(4);
    const done = [
      ...chunks.push(Buffer.from('ab')),
      ...chunks.push(Buffer.from('cdefghij')), // completes one chunk and fills a whole second one
      ...chunks.push(Buffer.from('k')),
    ];
    expect(text(done)).toEqual(['0:abcd', '1:efgh']);
    const last = chunks.flush();
    expect(last && text([last])).toEqual(['2:ijk']);
  });

  it('has nothing to flush when the stream ended on a chunk boundary, or was empty', () => {
    const exact = new ChunkAccumulator(3);
    expect(text(exact.push(Buffer.from('abcdef')))).toEqual(['0:abc', '1:def']);
    expect(exact.flush()).toBeNull();
    const empty = new ChunkAccumulator(3);
    expect(empty.push(Buffer.alloc(0))).toEqual([]);
    expect(empty.flush()).toBeNull();
  });

  it('hands out chunks that later data does not overwrite (its buffer is reused)', () => {
    const chunks = new ChunkAccumulator(2);
    const [first] = chunks.push(Buffer.from('ab'));
    chunks.push(Buffer.from('cd'));
    expect(first.data.toString()).toBe('ab');
    expect(first.data.length).toBe(2);
  });

  it('keeps every byte in order across many chunks', () => {
    const input = Buffer.from(Array.from({ length: 1_000 }, (_, i) => i % 251));
    const chunks = new ChunkAccumulator(64);
    const out: Buffer[] = [];
    for (let at = 0; at < input.length; at += 37) out.push(...chunks.push(input.subarray(at, at + 37)).map((c) => c.data));
    const last = chunks.flush();
    if (last) out.push(last.data);
    expect(Buffer.concat(out).equals(input)).toBe(true);
    expect(out.slice(0, -1).every((c) => c.length === 64)).toBe(true);
  });
});
