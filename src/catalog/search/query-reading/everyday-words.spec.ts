import fc from 'fast-check';
import { detachments, EVERYDAY_FORMS, EverydayWords } from './everyday-words';

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

  it.each([
    ['nappies', 'nappy'],
    ['flannels', 'flannel'],
    ['boxes', 'box'],
    ['women', 'woman'],
    ['glass', 'glass'],
    ['cot', 'cot'],
  ])('reduces %s to its WordNet base form %s (morphy detachment rules)', (word, lemma) => {
    expect(everyday.lemmaOf(word)).toBe(lemma);
  });

  it('finds the everyday words of an inflected form through its base form, and none for a non-word', () => {
    expect(everyday.formsOf('nappies')).toContain('diaper');
    expect(everyday.formsOf('flannels')).toContain('washcloth');
    expect(everyday.lemmaOf('zzzzqxes')).toBeNull();
    expect(everyday.isDictionaryWord('cot')).toBe(true);
    expect(everyday.isDictionaryWord('cott')).toBe(false);
  });

  it('gives the words one step broader (direct hypernyms), never the word or its own forms', () => {
    expect(everyday.formsOf('settee')).not.toContain('sofa');
    expect(everyday.broaderOf('settee')).toEqual(expect.arrayContaining(['sofa', 'bench']));
    expect(everyday.broaderOf('torch')).not.toContain('flashlight');
    expect(everyday.broaderOf('zzzzqx')).toEqual([]);
    expect(everyday.broaderOf('gluten')).toEqual([]); // a substance, not an artifact: never widened
  });

  it('detaches only the rules whose suffix leaves a stem and never an -ss ending', () => {
    expect(detachments('glass')).toEqual([]);
    expect(detachments('s')).toEqual([]);
    expect(detachments('nappies')).toEqual(['nappy', 'nappie']);
    expect(detachments('churches')).toEqual(['church', 'churche']);
  });
});
