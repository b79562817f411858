import fc from 'fast-check';
import { currencyExponent } from '../../catalog/validation/currency-exponents';
import { fromMinorUnits, toMinorUnits } from './minor-units';

describe('toMinorUnits', () => {
  it.each([
    [19.99, 'USD', 1999],
    [0.29, 'EUR', 29], // 0.29 * 100 = 28.999999999999996 in floating point
    [1.005, 'EUR', 101], // half up on the written decimal, not the binary approximation
    [12.345, 'EUR', 1235],
    [1200, 'JPY', 1200],
    [1200.5, 'JPY', 1201],
    [4.125, 'BHD', 4125],
    [0.0001, 'KWD', 0],
    [1.2345, 'CLF', 12345],
    [3, 'XAU', 3], // no minor unit: whole units
    [0, 'USD', 0],
    [1e12, 'USD', 1e14],
  ])('%p %s → %p', (amount, currency, minor) => {
    expect(toMinorUnits(amount, currency)).toBe(minor);
  });

  it('refuses negative or non-finite amounts and unknown currencies', () => {
    expect(() => toMinorUnits(-1, 'USD')).toThrow(RangeError);
    expect(() => toMinorUnits(Number.NaN, 'USD')).toThrow(RangeError);
    expect(() => toMinorUnits(1, 'ABC')).toThrow(RangeError);
  });

  // Amounts as the validator admits them (at most 4 decimals), written as decimal text. Below 2^39 a
  // double tells every 4-decimal amount apart, so the written text is what the catalog stores; above
  // it JSON.parse already merged neighbours at import (the stored value is then the merged one).
  const storedAmount = fc
    .tuple(fc.bigInt({ min: 0n, max: 2n ** 39n - 1n }), fc.integer({ min: 0, max: 9999 }))
    .map(([units, fraction]) => ({ text: `${units}.${String(fraction).padStart(4, '0')}`, units, fraction }));
  const currency = fc.constantFrom('USD', 'EUR', 'JPY', 'KRW', 'BHD', 'KWD', 'TND', 'CLF', 'UYW', 'XAU');

  it('equals exact decimal rounding (half up) of the written amount for every currency exponent', () => {
    fc.assert(
      fc.property(storedAmount, currency, ({ text, units, fraction }, code) => {
        const exponent = currencyExponent(code);
        const scaled4 = units * 10_000n + BigInt(fraction);
        const divisor = 10n ** BigInt(4 - exponent);
        const expected = (scaled4 * 2n + divisor) / (2n * divisor); // round half up
        expect(toMinorUnits(Number(text), code)).toBe(Number(expected));
      }),
    );
  });

  it('round-trips with fromMinorUnits for any minor-unit count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 14 }), currency, (minor, code) => {
        const major = fromMinorUnits(minor, code);
        expect(major).toMatch(/^\d+(\.\d+)?$/);
        expect(toMinorUnits(Number(major), code)).toBe(minor);
      }),
    );
  });
});

describe('fromMinorUnits', () => {
  it.each([
    [1999, 'USD', '19.99'],
    [5, 'EUR', '0.05'],
    [1200, 'JPY', '1200'],
    [4125, 'BHD', '4.125'],
    [7, 'BHD', '0.007'],
  ])('%p %s → %s', (minor, currency, major) => {
    expect(fromMinorUnits(minor, currency)).toBe(major);
  });

  it('refuses fractions and negative counts', () => {
    expect(() => fromMinorUnits(1.5, 'USD')).toThrow(RangeError);
    expect(() => fromMinorUnits(-1, 'USD')).toThrow(RangeError);
  });
});
