import { ISO_4217_CURRENCY_CODES } from './currencies';
import { currencyExponent } from './currency-exponents';

describe('currencyExponent', () => {
  it.each([
    ['USD', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['BHD', 3],
    ['KWD', 3],
    ['CLF', 4],
    ['XAU', 0],
  ])('%s has %p decimals', (code, exponent) => {
    expect(currencyExponent(code)).toBe(exponent);
  });

  it('knows every active code and nothing else', () => {
    for (const code of ISO_4217_CURRENCY_CODES) expect([0, 2, 3, 4]).toContain(currencyExponent(code));
    expect(() => currencyExponent('usd')).toThrow(RangeError);
    expect(() => currencyExponent('HRK')).toThrow(RangeError);
  });
});
