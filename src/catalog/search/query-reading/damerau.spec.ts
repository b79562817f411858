import fc from 'fast-check';
import { damerauDistance } from './damerau';

describe('damerauDistance', () => {
  it.each([
    ['jakcet', 'jacket', 1], // a transposition is one edit
    ['jacket', 'jacket', 0],
    ['rune', 'run', 1],
    ['headphnes', 'headphones', 1],
    ['ca', 'abc', 3], // optimal string alignment: no substring edited twice
    ['', 'abc', 3],
  ])('%s → %s: %i', (a, b, d) => {
    expect(damerauDistance(a, b)).toBe(d);
  });

  it('stops at limit + 1', () => {
    expect(damerauDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(damerauDistance('a', 'abcdef', 1)).toBe(2);
  });

  it('is a symmetric distance no larger than the length of the longer word, one per adjacent swap', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'é'), maxLength: 8 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        const d = damerauDistance(a, b);
        expect(d).toBe(damerauDistance(b, a));
        expect(d).toBeLessThanOrEqual(Math.max([...a].length, [...b].length));
        expect(d === 0).toBe(a === b);
      }),
    );
    fc.assert(
      fc.property(fc.string({ minLength: 2, maxLength: 10 }), fc.nat(), (s, n) => {
        const chars = [...s];
        const i = n % (chars.length - 1);
        if (chars[i] === chars[i + 1]) return;
        [chars[i], chars[i + 1]] = [chars[i + 1], chars[i]];
        expect(damerauDistance(s, chars.join(''))).toBe(1);
      }),
    );
  });
});
