import fc from 'fast-check';
import { hasGtinShape, hasValidGs1CheckDigit, isValidGtin } from './gtin';

/** Independent reference: GS1 weights counted from the left, depending on total length parity. */
function referenceCheckDigit(body: string): number {
  const total = body.length + 1;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const weight = (total - i) % 2 === 0 ? 3 : 1;
    sum += Number(body[i]) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

describe('GTIN', () => {
  it.each([
    ['GTIN-8', '73513537'],
    ['GTIN-8', '96385074'],
    ['GTIN-12 (UPC-A)', '036000291452'],
    ['GTIN-12 (UPC-A)', '012345678905'],
    ['GTIN-13 (EAN)', '4006381333931'],
    ['GTIN-13 (EAN)', '5901234123457'],
    ['GTIN-14', '10012345678902'],
    ['GTIN-14', '00012345600012'],
  ])('accepts a valid %s %s', (_kind, gtin) => {
    expect(isValidGtin(gtin)).toBe(true);
  });

  it.each(['73513537', '036000291452', '4006381333931', '10012345678902'])('refuses every wrong check digit of %s', (gtin) => {
    const body = gtin.slice(0, -1);
    for (let digit = 0; digit <= 9; digit++) {
      const candidate = `${body}${digit}`;
      expect(isValidGtin(candidate)).toBe(candidate === gtin);
    }
  });

  it.each(['1234567', '123456789', '1234567890', '12345678901', '123456789012345', '4006381333931 ', '40063813339a1', '٤٠٠٦٣٨١٣٣٣٩٣١', ''])(
    'refuses the shape of %p',
    (value) => {
      expect(hasGtinShape(value)).toBe(false);
      expect(isValidGtin(value)).toBe(false);
    },
  );

  it.each([4006381333931, null, undefined, ['4006381333931']])('refuses non-string %p', (value) => {
    expect(isValidGtin(value)).toBe(false);
  });

  it('agrees with the reference check digit for random GTINs of every length', () => {
    const body = fc
      .constantFrom(7, 11, 12, 13)
      .chain((length) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length }));
    fc.assert(
      fc.property(body, fc.integer({ min: 0, max: 9 }), (digits, checkDigit) => {
        expect(hasValidGs1CheckDigit(`${digits}${checkDigit}`)).toBe(checkDigit === referenceCheckDigit(digits));
      }),
    );
  });
});
