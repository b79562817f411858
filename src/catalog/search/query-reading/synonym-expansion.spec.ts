import type { Term } from './search-terms';
import { applySynonyms } from './synonym-expansion';

const known = (lexeme: string, label = lexeme): Term => ({ label, exact: [{ lexemes: [lexeme] }], alternatives: [], strong: true });
const synonym = (...lexemes: string[]) => ({ lexemes, via: 'synonym' });

describe('applySynonyms', () => {
  it('adds a one-word rule to the word as alternatives, keeping its own forms exact', () => {
    const terms = applySynonyms(['jumper'], ['jumpers'], [known('jumper', 'jumpers')], [{ from: ['jumper'], to: [['sweater']] }]);
    expect(terms).toEqual([{ label: 'jumpers', exact: [{ lexemes: ['jumper'] }], alternatives: [synonym('sweater')], strong: true }]);
  });

  it('keeps a word the catalog lacks when a synonym gives it forms', () => {
    const terms = applySynonyms(
      ['earphon', 'black'],
      ['earphones', 'black'],
      [null, known('black')],
      [{ from: ['earphon'], to: [['earbud'], ['headphon']] }],
    );
    expect(terms).toEqual([
      { label: 'earphones', exact: [], alternatives: [synonym('earbud'), synonym('headphon')], strong: true },
      known('black'),
    ]);
  });

  it('matches the longest rule first and turns a phrase into one term labelled with its words', () => {
    const rules = [
      { from: ['throw'], to: [['blanket']] },
      { from: ['sofa', 'throw'], to: [['throw', 'blanket']] },
    ];
    const terms = applySynonyms(['sofa', 'throw'], ['sofa', 'throws'], [known('sofa'), known('throw', 'throws')], rules);
    expect(terms).toEqual([
      { label: 'sofa throws', exact: [{ lexemes: ['sofa', 'throw'] }], alternatives: [synonym('throw', 'blanket')], strong: true },
    ]);
  });

  it('keeps a rare word’s fallbacks when a rule adds synonyms to it', () => {
    const word: Term = { ...known('blutooth'), fallbacks: [{ lexemes: ['bluetooth'], via: 'typo' }] };
    const [term] = applySynonyms(['blutooth'], ['blutooth'], [word], [{ from: ['blutooth'], to: [['wireless']] }]);
    expect(term.fallbacks).toEqual([{ lexemes: ['bluetooth'], via: 'typo' }]);
    expect(term.alternatives).toEqual([synonym('wireless')]);
  });

  it('drops words the catalog lacks and no rule covers', () => {
    expect(applySynonyms(['pleas', 'lamp'], ['please', 'lamp'], [null, known('lamp')], [])).toEqual([known('lamp')]);
  });
});
