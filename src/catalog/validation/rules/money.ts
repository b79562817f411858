import { PRODUCT_LIMITS } from '../product-limits';
import { isCurrencyCode } from '../currencies';
import { isJsonObject } from './json-types';

/**
 * Decimal places of the shortest round-trip representation, i.e. of what the feed wrote
 * (19.990 parses to 19.99). Exponent forms only occur below 1e-6 within our range.
 */
export function decimalPlaces(n: number): number {
  const text = String(n);
  const exponentAt = text.indexOf('e');
  const mantissa = exponentAt === -1 ? text : text.slice(0, exponentAt);
  const dotAt = mantissa.indexOf('.');
  const fractionDigits = dotAt === -1 ? 0 : mantissa.length - dotAt - 1;
  const exponent = exponentAt === -1 ? 0 : Number(text.slice(exponentAt + 1));
  return Math.max(0, fractionDigits - exponent);
}

export function isMoneyAmount(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= 0 &&
    value <= PRODUCT_LIMITS.moneyMaxAmount &&
    decimalPlaces(value) <= PRODUCT_LIMITS.moneyMaxDecimals
  );
}

/** Structural check used by cross-field rules, which only compare two valid amounts. */
export function isMoney(value: unknown): value is { amount: number; currency: string } {
  return isJsonObject(value) && isMoneyAmount(value.amount) && isCurrencyCode(value.currency);
}
