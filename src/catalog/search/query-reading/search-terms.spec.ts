import { allOf, renderOperand, scoreSteps, someOf, type Term } from './search-terms';

const term = (exact: string[], alternatives: string[] = [], strong = true): Term => ({
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
});
