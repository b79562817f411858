import { PRODUCT_LIMITS } from '../product-limits';
import { isStringOfLength } from './strings';

export type AttributeValue = string | number | boolean;

export function isAttributeKey(key: string): boolean {
  return key.length >= 1 && key.length <= PRODUCT_LIMITS.attributeKeyMaxLength;
}

/** JSON.parse turns 1e400 into Infinity, which JSON cannot round-trip: hence the finite check. */
export function isAttributeValue(value: unknown): value is AttributeValue {
  return (
    isStringOfLength(value, 0, PRODUCT_LIMITS.attributeValueMaxLength) ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    typeof value === 'boolean'
  );
}
