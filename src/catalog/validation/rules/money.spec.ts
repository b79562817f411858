import { decimalPlaces, isMoney, isMoneyAmount } from './money';

describe('money rules', () => {
  it.each([
    [0, 0],
    [-0, 0],
    [19, 0],
    [19.9, 1],
    [19.99, 2],
    [0.1 + 0.2, 17],
    [1.2345, 4],
    [1e-7, 7],
    [1.5e-7, 8],
    [1e12, 0],
  ])('decimalPlaces(%p) = %p', (n, places) => {
    expect(decimalPlaces(n)).toBe(places);
  });

  it.each([0, -0, 0.0001, 19.99, 999999999999.9999, 1e12])('accepts amount %p', (amount) => {
    expect(isMoneyAmount(amount)).toBe(true);
  });

  it.each([-0.0001, 0.00001, 0.1 + 0.2, 1e12 + 0.5, Infinity, NaN, '1', null])('refuses amount %p', (amount) => {
    expect(isMoneyAmount(amount)).toBe(false);
  });

  it('recognises complete money objects only', () => {
    expect(isMoney({ amount: 1, currency: 'USD' })).toBe(true);
    expect(isMoney({ amount: 1, currency: 'usd' })).toBe(false);
    expect(isMoney({ amount: -1, currency: 'USD' })).toBe(false);
    expect(isMoney({ currency: 'USD' })).toBe(false);
    expect(isMoney([1, 'USD'])).toBe(false);
    expect(isMoney(null)).toBe(false);
  });
});
