import { foundAt10, judge, negativesEmpty, precisionAt10, summarise } from './metrics';

describe('relevance metrics', () => {
  const flags = (pattern: string) => [...pattern].map((c) => c === '1');

  it('found@10: a relevant result among the first ten, not after', () => {
    expect(foundAt10(flags('0000000001'))).toBe(true);
    expect(foundAt10(flags('00000000001'))).toBe(false);
    expect(foundAt10([])).toBe(false);
  });

  it('precision@10 divides by min(10, relevant products): fewer than 10 relevant is not punished', () => {
    expect(precisionAt10(flags('111'), 3)).toBe(1);
    expect(precisionAt10(flags('1100000000'), 3)).toBeCloseTo(2 / 3);
    expect(precisionAt10(flags('1111100000'), 500)).toBe(0.5);
    expect(precisionAt10(flags('111'), 500)).toBeCloseTo(0.3);
    expect(precisionAt10(flags('11111111111'), 500)).toBe(1); // only the first ten count
    expect(() => precisionAt10([], 0)).toThrow(/negative/);
  });

  it('judges a negative query (nothing relevant) correct only when the page is empty', () => {
    expect(judge([], 0)).toEqual({ negative: true, returned: 0, found: true, precision: 1 });
    expect(judge([false], 0)).toEqual({ negative: true, returned: 1, found: false, precision: 0 });
    expect(judge([], 4)).toEqual({ negative: false, returned: 0, found: false, precision: 0 });
  });

  it('summarises positive queries only and counts the negatives apart', () => {
    const judged = [judge(flags('1'), 1), judge(flags('0'), 2), judge([], 0), judge(flags('0'), 0)];
    expect(summarise(judged)).toEqual({ queries: 2, found: 1, foundRate: 0.5, meanPrecision: 0.5 });
    expect(negativesEmpty(judged)).toEqual({ empty: 1, queries: 2 });
  });
});
