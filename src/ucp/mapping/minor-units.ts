import { currencyExponent } from '../../catalog/validation/currency-exponents';

/**
 * A stored amount (major units, ≤ 4 decimals, ≤ 1e12) as an integer count of the currency's
 * minor unit, rounded half up where the currency has fewer decimals than the amount (12.345 EUR →
 * 1235). Decimal arithmetic on the number's shortest round-trip text — the decimal the catalog
 * stored — so 0.29 EUR is 29, never 28 from 0.29 × 100 = 28.999999999999996.
 */
export function toMinorUnits(amount: number, currency: string): number {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`amount must be a finite number ≥ 0, got ${amount}`);
  const exponent = currencyExponent(currency);
  // String() switches to exponent notation below 1e-6 (no stored amount is that small but 0).
  const text = amount !== 0 && amount < 1e-6 ? amount.toFixed(20) : String(amount);
  const [units, fraction = ''] = text.split('.');
  const digits = fraction.padEnd(exponent + 1, '0');
  const truncated = BigInt(units + digits.slice(0, exponent));
  const roundUp = digits.charCodeAt(exponent) >= '5'.charCodeAt(0); // half up: only the first dropped digit matters
  return Number(roundUp ? truncated + 1n : truncated);
}

/** A minor-unit count as a decimal string in major units ("1999" USD → "19.99"), for SQL numeric comparisons. */
export function fromMinorUnits(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`minor-unit amount must be a safe integer ≥ 0, got ${minor}`);
  const exponent = currencyExponent(currency);
  if (exponent === 0) return String(minor);
  const digits = String(minor).padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}
