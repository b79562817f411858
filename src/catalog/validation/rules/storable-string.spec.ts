import { isStorableString } from './storable-string';

describe('isStorableString', () => {
  it.each(['', 'plain', 'é ü ß', '😀', 'a😀b😀', '\uFFFF', '\u0001'])('accepts %p', (text) => {
    expect(isStorableString(text)).toBe(true);
  });

  it.each(['\u0000', 'a\u0000', '\uD83D', '\uDE00', 'a\uD83Db', '\uDE00\uD83D', '😀\uD83D', '\uDE00😀'])('refuses %p', (text) => {
    expect(isStorableString(text)).toBe(false);
  });
});
