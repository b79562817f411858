import fc from 'fast-check';
import { parseQuerySyntax } from './query-syntax';

describe('parseQuerySyntax', () => {
  it.each([
    ['wool sweater', { words: 'wool sweater', phrases: [], excluded: [], endsInWord: true }],
    ['wool sweater ', { words: 'wool sweater', phrases: [], excluded: [], endsInWord: true }],
    ['"merino wool" sweater -cardigan', { words: 'sweater', phrases: ['merino wool'], excluded: ['cardigan'], endsInWord: false }],
    ['sweater "merino wool"', { words: 'sweater', phrases: ['merino wool'], excluded: [], endsInWord: false }],
    ['"unclosed phrase', { words: '', phrases: ['unclosed phrase'], excluded: [], endsInWord: false }],
    ['t-shirt - blue', { words: 't-shirt - blue', phrases: [], excluded: [], endsInWord: true }],
    ['""', { words: '', phrases: [], excluded: [], endsInWord: false }],
  ])('%j', (q, expected) => {
    expect(parseQuerySyntax(q)).toEqual(expected);
  });

  it('never throws and keeps every non-space character of the free words', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (q) => {
        const syntax = parseQuerySyntax(q);
        for (const word of syntax.words.split(' ').filter(Boolean)) expect(q).toContain(word);
        expect(syntax.excluded.every((word) => word.length > 0)).toBe(true);
      }),
    );
  });
});

describe('parseQuerySyntax exclusions', () => {
  it.each([
    ['tee -"crew neck"', { words: 'tee', phrases: [], excluded: ['crew neck'], endsInWord: false }],
    ['cable -usb-c', { words: 'cable', phrases: [], excluded: ['usb-c'], endsInWord: false }],
    ['t-"shirt"', { words: 't-', phrases: ['shirt'], excluded: [], endsInWord: false }],
  ])('%j', (q, expected) => {
    expect(parseQuerySyntax(q)).toEqual(expected);
  });
});
