import fc from 'fast-check';
import { boundedText } from './bounded-text';
import { isStorableString, toStorableString } from './storable-string';

/** Any UTF-16 code unit, lone surrogates and NUL included. */
const anyText = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength });

describe('boundedText', () => {
  it('keeps text within the bound unchanged', () => {
    expect(boundedText('abc', 3)).toBe('abc');
    expect(boundedText('', 0)).toBe('');
  });

  it('shortens longer text to exactly the bound, ending with an ellipsis', () => {
    expect(boundedText('abcdef', 4)).toBe('abc…');
  });

  it('never splits a surrogate pair', () => {
    expect(boundedText('ab😀cd', 4)).toBe('ab…');
    expect(isStorableString(boundedText('a😀😀😀', 3))).toBe(true);
  });

  it('keeps storable text storable and within the bound, for any text and bound', () => {
    fc.assert(
      fc.property(anyText(300), fc.integer({ min: 1, max: 200 }), (raw, max) => {
        const text = toStorableString(raw);
        const bounded = boundedText(text, max);
        expect(bounded.length).toBeLessThanOrEqual(max);
        expect(isStorableString(bounded)).toBe(true);
        if (raw.length <= max) expect(bounded).toBe(text);
        else expect(text.startsWith(bounded.slice(0, -1))).toBe(true);
      }),
    );
  });
});

describe('toStorableString', () => {
  it.each([
    ['plain', 'plain'],
    ['a\u0000b', 'a\uFFFDb'],
    ['\uD83D', '\uFFFD'],
    ['x\uDE00😀\uD83D', 'x\uFFFD😀\uFFFD'],
  ])('turns %p into %p', (input, output) => {
    expect(toStorableString(input)).toBe(output);
  });

  it('always gives storable text of the same length', () => {
    fc.assert(
      fc.property(anyText(50), (raw) => {
        const text = toStorableString(raw);
        expect(isStorableString(text)).toBe(true);
        expect(text.length).toBe(raw.length);
      }),
    );
  });
});
