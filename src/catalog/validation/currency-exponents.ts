import { ISO_4217_CURRENCY_CODES } from './currencies';

/**
 * ISO 4217 minor-unit exponents that differ from 2 (List One, 2025). Codes the standard marks
 * "N.A." (precious metals, SDR, bond units, test and no-currency codes) have no minor unit:
 * their amounts are counted in whole units (exponent 0).
 */
const EXPONENT_0 = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF';
const NO_MINOR_UNIT = 'XAG XAU XBA XBB XBC XBD XDR XPD XPT XSU XTS XUA XXX';
const EXPONENT_3 = 'BHD IQD JOD KWD LYD OMR TND';
const EXPONENT_4 = 'CLF UYW';

const EXCEPTIONS = new Map<string, number>([
  ...codes(EXPONENT_0).map((c) => [c, 0] as const),
  ...codes(NO_MINOR_UNIT).map((c) => [c, 0] as const),
  ...codes(EXPONENT_3).map((c) => [c, 3] as const),
  ...codes(EXPONENT_4).map((c) => [c, 4] as const),
]);

function codes(list: string): string[] {
  return list.split(' ');
}

/** Digits after the decimal point in the currency's minor unit (USD 2, JPY 0, BHD 3, CLF 4). */
export function currencyExponent(code: string): number {
  if (!ISO_4217_CURRENCY_CODES.has(code)) throw new RangeError(`${code} is not an ISO 4217 currency code`);
  return EXCEPTIONS.get(code) ?? 2;
}
