import fc from 'fast-check';
import { EVERYDAY_FORMS, EverydayWords } from './everyday-words';

describe('EverydayWords (WordNet 3.1 and the American/British spelling tables, read from their packages)', () => {
  const everyday = new EverydayWords();

  it.each([
    ['torch', 'flashlight'],
    ['flashlight', 'torch'],
    ['nappy', 'diaper'],
    ['holdall', 'carryall'],
    ['sofa', 'couch'],
    ['colour', 'color'],
    ['color', 'colour'],
    ['grey', 'gray'],
    ['aluminium', 'aluminum'],
  ])('%s → %s', (word, form) => {
    expect(everyday.formsOf(word)).toContain(form);
  });

  it('puts the other spelling first and finds nothing for a word of neither table', () => {
    expect(everyday.formsOf('Colour')[0]).toBe('color');
    expect(everyday.formsOf('zzzzqx')).toEqual([]);
    expect(everyday.formsOf('')).toEqual([]);
  });

  it('finds the first and the last noun of the index (the binary search reaches both ends)', () => {
    expect(everyday.formsOf('zymurgy')).toContain('zymology');
    expect(everyday.formsOf('aardvark')).toContain('ant bear');
  });

  it('never throws and answers at most EVERYDAY_FORMS forms, none the word itself', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (word) => {
        const forms = everyday.formsOf(word);
        expect(forms.length).toBeLessThanOrEqual(EVERYDAY_FORMS);
        expect(forms).not.toContain(word.toLowerCase());
      }),
    );
  });
});
