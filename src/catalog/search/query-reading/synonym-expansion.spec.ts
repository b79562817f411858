import type { Term } from './search-terms';
import { applySynonyms } from './synonym-expansion';

const known = (lexeme: string): Term => ({ exact: [{ lexemes: [lexeme] }], alternatives: [], strong: true });

describe('applySynonyms', () => {
  it('adds a one-word rule to the word as alternatives, keeping its own forms exact', () => {
    const terms = applySynonyms(['jumper'], [known('jumper')], [{ from: ['jumper'], to: [['sweater']] }]);
    expect(terms).toEqual([{ exact: [{ lexemes: ['jumper'] }], alternatives: [{ lexemes: ['sweater'] }], strong: true }]);
  });

  it('keeps a word the catalog lacks when a synonym gives it forms', () => {
    const terms = applySynonyms(['earphon', 'black'], [null, known('black')], [{ from: ['earphon'], to: [['earbud'], ['headphon']] }]);
    expect(terms).toEqual([
      { exact: [], alternatives: [{ lexemes: ['earbud'] }, { lexemes: ['headphon'] }], strong: true },
      known('black'),
    ]);
  });

  it('matches the longest rule first and turns a phrase into one term', () => {
    const rules = [
      { from: ['throw'], to: [['blanket']] },
      { from: ['sofa', 'throw'], to: [['throw', 'blanket']] },
    ];
    const terms = applySynonyms(['sofa', 'throw'], [known('sofa'), known('throw')], rules);
    expect(terms).toEqual([{ exact: [{ lexemes: ['sofa', 'throw'] }], alternatives: [{ lexemes: ['throw', 'blanket'] }], strong: true }]);
  });

  it('drops words the catalog lacks and no rule covers', () => {
    expect(applySynonyms(['pleas', 'lamp'], [null, known('lamp')], [])).toEqual([known('lamp')]);
  });
});
