import { isCurrencyCode, ISO_4217_CURRENCY_CODES } from './currencies';

describe('ISO 4217 currency codes', () => {
  it.each(['USD', 'EUR', 'JPY', 'GBP', 'CHF', 'XCG', 'ZWG', 'SLE', 'VES', 'MRU', 'STN', 'BYN'])('accepts active code %s', (code) => {
    expect(isCurrencyCode(code)).toBe(true);
  });

  it.each(['usd', 'Usd', 'uSD'])('refuses lower or mixed case %s', (code) => {
    expect(isCurrencyCode(code)).toBe(false);
  });

  it.each(['HRK', 'ANG', 'SLL', 'ZWL', 'VEF', 'MRO', 'STD', 'BYR', 'DEM', 'FRF'])('refuses withdrawn code %s', (code) => {
    expect(isCurrencyCode(code)).toBe(false);
  });

  it.each(['', 'US', 'USDD', 'XYZ', ' USD', 840, null])('refuses %p', (code) => {
    expect(isCurrencyCode(code)).toBe(false);
  });

  it('holds only three upper-case letters and a realistic number of codes', () => {
    for (const code of ISO_4217_CURRENCY_CODES) expect(code).toMatch(/^[A-Z]{3}$/);
    expect(ISO_4217_CURRENCY_CODES.size).toBeGreaterThan(170);
    expect(ISO_4217_CURRENCY_CODES.size).toBeLessThan(190);
  });
});
