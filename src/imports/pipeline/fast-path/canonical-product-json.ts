import { PRODUCT_SHAPE } from '../../../catalog/validation/product-validator';
import type { ValidProduct } from '../../../catalog/validation/valid-product';
import { canonicalJson } from '../hashing/canonical-json';
import { isPlainObject } from '../../../common/json/is-plain-object';

/** The product fields in canonical (UTF-16 code unit) order. */
const SORTED_FIELDS: readonly string[] = [...PRODUCT_SHAPE.keys].sort();
/** ProductDto's fields: a product with any other key is printed by canonicalJson. */
const KNOWN_FIELDS: ReadonlySet<string> = PRODUCT_SHAPE.keys;

/**
 * canonicalJson for a validated product, byte for byte (property-tested against it), and
 * cheaper: the field names are known, so the product is copied into a new object with its fields
 * in canonical order (and an object member such as `attributes` with its keys sorted), and
 * that object is printed by one native JSON.stringify call, which then prints exactly what
 * canonicalJson prints. Anything where that could differ (an unknown field, a non-plain object,
 * nested containers, non-finite numbers, integer-like or `__proto__` keys, whose position or
 * meaning an object literal would change) makes the whole product go through canonicalJson,
 * which also throws on what JSON cannot represent.
 */
export function canonicalProductJson(product: ValidProduct): string {
  const record = product as unknown as Record<string, unknown>;
  if (!isPlainObject(record)) return canonicalJson(product);
  const keys = Object.keys(record);
  for (let i = 0; i < keys.length; i++) if (!KNOWN_FIELDS.has(keys[i])) return canonicalJson(product);
  const ordered: Record<string, unknown> = {};
  for (let i = 0; i < SORTED_FIELDS.length; i++) {
    const key = SORTED_FIELDS[i];
    const member = record[key];
    if (member === undefined) continue;
    const printable = isPrimitive(member) || isArrayOfPrimitives(member) ? member : canonicalFlatObject(member);
    if (printable === undefined) return canonicalJson(product);
    ordered[key] = printable;
  }
  return JSON.stringify(ordered);
}


/** Indexed reads: a hole reads as undefined, which is not a primitive (canonicalJson throws on it). */
function isArrayOfPrimitives(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (!isPrimitive(value[i])) return false;
  return true;
}

/**
 * A plain object of primitives with its keys in code-unit order: the object itself when its keys
 * already are (JSON.stringify prints own keys in that order; `price` always is), else a copy with
 * the keys inserted sorted, else undefined. The copy refuses keys starting with a digit (an
 * array-index key would be enumerated first whatever the insertion order) and `__proto__`
 * (assigning it sets the prototype instead of a key).
 */
function canonicalFlatObject(value: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(value)) return undefined;
  const keys = Object.keys(value);
  let inOrder = true;
  for (let i = 0; i < keys.length; i++) {
    if (!isPrimitive(value[keys[i]])) return undefined;
    if (i > 0 && !(keys[i - 1] < keys[i])) inOrder = false;
  }
  if (inOrder) return value;
  keys.sort();
  const copy: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const first = key.charCodeAt(0);
    if ((first >= 0x30 && first <= 0x39) || key === '__proto__') return undefined;
    copy[key] = value[key];
  }
  return copy;
}

/** What JSON.stringify and canonicalJson print identically: strings, booleans, null, finite numbers. */
function isPrimitive(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      return value === null;
    default:
      return false;
  }
}
