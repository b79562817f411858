import { allOf, detailSteps, renderOperand, scoreSteps, someOf, type Term } from './search-terms';

const term = (exact: string[], alternatives: string[] = [], strong = true): Term => ({
  label: exact[0] ?? alternatives[0],
  exact: exact.map((lexeme) => ({ lexemes: [lexeme] })),
  alternatives: alternatives.map((lexeme) => ({ lexemes: [lexeme] })),
  strong,
});

describe('search terms as tsquery text', () => {
  it('quotes lexemes so no input is read as tsquery syntax', () => {
    expect(renderOperand({ lexemes: ["o'hara\\"] })).toBe("'o''hara\\\\'");
    expect(renderOperand({ lexemes: ['a & b | !c'] })).toBe("'a & b | !c'");
  });

  it('renders phrases and field weights', () => {
    expect(renderOperand({ lexemes: ['headphon'] }, 'A')).toBe("'headphon':A");
    expect(renderOperand({ lexemes: ['sofa', 'throw'] }, 'B')).toBe("('sofa':B <-> 'throw':B)");
  });

  it('joins terms with AND for an all-words match and OR for a partial one', () => {
    expect(allOf([term(['merino']), term(['warm'], [], false)])).toBe("('merino') & ('warm')");
    expect(someOf([term(['merino'], ['merin'])])).toBe("('merino' | 'merin')");
    expect(allOf([])).toBeNull();
  });

  it('scores a term by its best field, exact forms above alternatives in the same field', () => {
    const steps = scoreSteps(term(['sweater'], ['jumper']));
    expect(steps.map((s) => Number(s.score.toFixed(4)))).toEqual([1, 0.7, 0.6, 0.42, 0.4, 0.28, 0.2, 0.14]);
    expect(steps[0].query).toBe("('sweater':A)");
    expect(steps[1].query).toBe("('jumper':A)");
    expect(scoreSteps(term([], ['headph'])).map((s) => Number(s.score.toFixed(4)))).toEqual([0.7, 0.42, 0.28, 0.14]);
  });

  it('ranks a rare word’s fallbacks below the word itself in every field', () => {
    const rare: Term = { ...term(['blutooth']), fallbacks: [{ lexemes: ['bluetooth'], via: 'typo' }] };
    const steps = scoreSteps(rare);
    const own = steps.filter((s) => s.query.includes('blutooth'));
    const fallback = steps.filter((s) => s.query.includes("'bluetooth'"));
    expect(fallback).toHaveLength(4);
    expect(Math.max(...fallback.map((s) => s.score))).toBeLessThan(Math.min(...own.map((s) => s.score)));
    expect(allOf([rare])).toBe("('blutooth' | 'bluetooth')");
  });
});

describe('detail steps (how a product matched)', () => {
  it('orders steps as scoreSteps does and keeps alternative forms apart by how they were found', () => {
    const t: Term = {
      label: 'sweaters',
      exact: [{ lexemes: ['sweater'] }],
      alternatives: [
        { lexemes: ['sweatshirt'], via: 'prefix' },
        { lexemes: ['jumper'], via: 'synonym' },
      ],
      strong: true,
    };
    const steps = detailSteps(t);
    expect(steps.map((s) => [s.place, s.via ?? 'exact', Number(s.score.toFixed(4))])).toEqual([
      ['title', 'exact', 1],
      ['title', 'prefix', 0.7],
      ['title', 'synonym', 0.7],
      ['brand_category_attribute', 'exact', 0.6],
      ['brand_category_attribute', 'prefix', 0.42],
      ['brand_category_attribute', 'synonym', 0.42],
      ['tags', 'exact', 0.4],
      ['tags', 'prefix', 0.28],
      ['tags', 'synonym', 0.28],
      ['description', 'exact', 0.2],
      ['description', 'prefix', 0.14],
      ['description', 'synonym', 0.14],
    ]);
    expect(steps[2].query).toBe("('jumper':A)");
    // The first detail step a product matches has the score scoreSteps gives it for the term.
    const scores = new Set(scoreSteps(t).map((s) => s.score.toFixed(4)));
    for (const step of steps) expect(scores.has(step.score.toFixed(4))).toBe(true);
  });
});
