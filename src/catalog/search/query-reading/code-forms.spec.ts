import fc from 'fast-check';
import { codeFormsOf, codePartsOf, MAX_CODE_PARTS } from './code-forms';

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

  it.each([
    ['RV 2300 robot vacuum', [{ form: 'rv2300', words: ['rv', '2300'] }]],
    ['robot vacuum RV2300', [{ form: 'rv2300', words: ['rv2300'] }]],
    ['km-650 filter', [{ form: 'km650', words: ['km-650'] }]],
    ['nappies size 4', [{ form: 'size4', words: ['size', '4'] }]], // a candidate: no product has the code
    ['robot vacuum', []],
    ['RV2300', []], // one word: the whole query is its code form
    ['vacuum 2300 robot', [{ form: 'vacuum2300', words: ['vacuum', '2300'] }]],
  ])('codePartsOf(%j) → %j', (q, parts) => {
    expect(codePartsOf(q)).toEqual(parts);
  });

  it('answers at most MAX_CODE_PARTS parts of 3 to 70 characters, whatever the query', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom('ab', 'x', '12', 'k9', '-', 'é1'), fc.string({ maxLength: 80 })), { maxLength: 30 }), (ws) => {
        const parts = codePartsOf(ws.join(' '));
        expect(parts.length).toBeLessThanOrEqual(MAX_CODE_PARTS);
        for (const p of parts) expect(p.form).toMatch(/^[\p{L}\p{N}]{3,70}$/u);
      }),
    );
  });
});
