import { chunkBySize } from './bounded-statements';

describe('chunkBySize', () => {
  const sizes = (chunks: number[][]) => chunks.map((c) => c.length);

  it('keeps small inputs in one chunk and empty inputs in none', () => {
    expect(chunkBySize([1, 2, 3], (n) => n, 100)).toEqual([[1, 2, 3]]);
    expect(chunkBySize([], () => 1)).toEqual([]);
  });

  it('ends a chunk once it reaches the byte budget', () => {
    expect(sizes(chunkBySize(new Array(10).fill(400), (n) => n, 1_000))).toEqual([3, 3, 3, 1]);
  });

  it('ends a chunk at the row cap', () => {
    expect(sizes(chunkBySize(new Array(2_500).fill(1), (n) => n))).toEqual([1_000, 1_000, 500]);
  });

  it('puts a row larger than the budget in a chunk of its own', () => {
    expect(sizes(chunkBySize([5_000, 1, 1], (n) => n, 1_000))).toEqual([1, 2]);
  });
});
