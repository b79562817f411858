import fc from 'fast-check';
import { codeFormsOf } from './code-forms';

describe('codeFormsOf', () => {
  it.each([
    ['KM650', ['km650']],
    ['km-650', ['km650']],
    ['km 650', ['km650']],
    ['036000291452', ['036000291452', '36000291452']],
    ['0036000291452', ['0036000291452', '36000291452']],
    ['4006381333931', ['4006381333931']],
    ['sku_abc', ['skuabc']],
    ['sku-jacket', ['skujacket']], // one word with a separator may be a product id
    ['jacket', []], // a plain word is searched as a word
    ['merino wool sweater', []], // several words without a digit: not a code
    ['a b c 1', []], // more than three words
    ['ab', []],
    ['   ', []],
  ])('%j → %j', (q, forms) => {
    expect(codeFormsOf(q)).toEqual(forms);
  });

  it('reads a code the same with hyphens, spaces or another case', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]{3,12}$/), fc.constantFrom('-', ' ', ''), (code, separator) => {
        const written = code.toUpperCase().split('').join(separator);
        // With a digit (`km 650`): without one only a single word with a separator is a code.
        if (written.split(' ').length > 3 || !/\d/.test(code)) return;
        expect(codeFormsOf(written)).toEqual(codeFormsOf(code));
      }),
    );
  });

  it('gives forms of letters and digits only, lower-cased, never more than two, for any input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (q) => {
        const forms = codeFormsOf(q);
        expect(forms.length).toBeLessThanOrEqual(2);
        for (const form of forms) expect(form).toMatch(/^[\p{Ll}\p{Lo}\p{Lm}\p{N}]*$/u);
      }),
    );
  });
});
