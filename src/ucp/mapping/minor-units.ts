import { currencyExponent } from '../../catalog/validation/currency-exponents';

/** Our stored amounts carry at most this many decimals (DESIGN §6). */
const STORED_DECIMALS = 4;

/**
 * A stored amount (major units, ≤ 4 decimals, ≤ 1e12) as an integer count of the currency's
 * minor unit, rounded half up where the currency has fewer decimals than the amount (12.345 EUR →
 * 1235). Exact decimal arithmetic: `toFixed(4)` recovers the written decimal (half an ulp is far
 * below 0.00005 up to 1e12), then BigInt does the scaling, so 19.99 never becomes 1998.
 */
export function toMinorUnits(amount: number, currency: string): number {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`amount must be a finite number ≥ 0, got ${amount}`);
  const exponent = currencyExponent(currency);
  const scaled = BigInt(amount.toFixed(STORED_DECIMALS).replace('.', '')); // amount × 10^4
  const divisor = 10n ** BigInt(STORED_DECIMALS - exponent);
  const minor = (scaled + divisor / 2n) / divisor; // half up (amounts are never negative)
  return Number(minor);
}

/** A minor-unit count as a decimal string in major units ("1999" USD → "19.99"), for SQL numeric comparisons. */
export function fromMinorUnits(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`minor-unit amount must be a safe integer ≥ 0, got ${minor}`);
  const exponent = currencyExponent(currency);
  if (exponent === 0) return String(minor);
  const digits = String(minor).padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}
