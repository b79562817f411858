import fc from 'fast-check';
import { acceptedLanguages, isLanguageTag, LANGUAGE_TAG_MAX_LENGTH, primaryLanguage } from './language-tag';

describe('language tags', () => {
  it('takes well-formed BCP 47 tags and refuses the rest', () => {
    for (const tag of ['de', 'de-CH', 'zh-Hant-TW', 'pt-BR', 'EN', 'gsw']) expect(isLanguageTag(tag)).toBe(true);
    for (const tag of ['', 'd', 'deutsch', 'de_CH', 'de-', '-de', 'de--CH', 'de CH', 'de-toolongsub', 42, null])
      expect(isLanguageTag(tag)).toBe(false);
    const longest = `de-${'abcdefgh-'.repeat(3)}abcd`;
    expect(longest.length).toBe(LANGUAGE_TAG_MAX_LENGTH - 1);
    expect(isLanguageTag(`${longest}f`)).toBe(true);
    expect(isLanguageTag(`${longest}fg`)).toBe(false);
  });

  it('names the primary subtag lower-cased', () => {
    expect(primaryLanguage('DE-ch')).toBe('de');
    fc.assert(
      fc.property(
        fc.constantFrom('en', 'fr', 'ja'),
        fc.stringMatching(/^(-[A-Za-z0-9]{1,8}){0,3}$/),
        (l, rest) => primaryLanguage(l + rest) === l,
      ),
    );
  });

  it('reads Accept-Language by preference, skipping malformed entries, * and q=0, never throwing', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual(['fr-CH', 'fr', 'en', 'de']);
    expect(acceptedLanguages('en;q=0.2, de')).toEqual(['de', 'en']);
    expect(acceptedLanguages('de;q=0, ja')).toEqual(['ja']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages(';;,,q=1,ü')).toEqual([]);
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (header) => acceptedLanguages(header).every(isLanguageTag)));
  });
});
