import { childKeyPath, indexSegment, keySegment } from './json-path';
import { isStorableString } from './rules/storable-string';

describe('json paths', () => {
  it('uses dots for identifier keys and brackets for indexes', () => {
    expect(childKeyPath('', 'price')).toBe('price');
    expect(childKeyPath('price', 'currency')).toBe('price.currency');
    expect('categories' + indexSegment(3)).toBe('categories[3]');
  });

  it.each([
    ['size (EU)', '["size (EU)"]'],
    ['', '[""]'],
    ['1st', '["1st"]'],
    ['a.b', '["a.b"]'],
    ['say "hi"', '["say \\"hi\\""]'],
    ['nul\u0000', '["nul\\u0000"]'],
    ['lone\uD800', '["lone\\ud800"]'],
  ])('quotes key %p as %s', (key, segment) => {
    expect(keySegment(key, true)).toBe(segment);
    expect(keySegment(key, false)).toBe(segment);
  });

  it('shortens very long keys without producing lone surrogates', () => {
    const key = `${'k'.repeat(127)}😀tail`;
    const segment = keySegment(key, false);
    expect(segment.length).toBeLessThan(140);
    expect(segment.endsWith('…"]')).toBe(true);
    expect(isStorableString(segment)).toBe(true);
  });
});
