/** GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN) and GTIN-14; other lengths are not GTINs. */
const GTIN_SHAPE = /^(?:\d{8}|\d{12,14})$/;

export function hasGtinShape(value: unknown): value is string {
  return typeof value === 'string' && GTIN_SHAPE.test(value);
}

/**
 * GS1 mod-10 check digit: weights 3,1,3,… applied from the digit left of the check digit
 * leftwards. Assumes `digits` has GTIN shape.
 */
export function hasValidGs1CheckDigit(digits: string): boolean {
  const last = digits.length - 1;
  let sum = 0;
  let weight = 3;
  for (let i = last - 1; i >= 0; i--) {
    sum += (digits.charCodeAt(i) - 48) * weight;
    weight = 4 - weight;
  }
  return (10 - (sum % 10)) % 10 === digits.charCodeAt(last) - 48;
}

export function isValidGtin(value: unknown): value is string {
  return hasGtinShape(value) && hasValidGs1CheckDigit(value);
}
