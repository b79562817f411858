import { PRODUCT_LIMITS } from '../validation/product-limits';
import { isJsonObject } from '../validation/rules/json-types';
import { isStorableString } from '../validation/rules/storable-string';

/**
 * The id to report an element under, even when the element is invalid: a non-empty string of
 * at most the id length limit, or a safe integer. Ids that could not be stored in an error
 * report (NUL, lone surrogate) or are too long to be any product's id (a 256 KiB id would bloat
 * every errors page) yield null like any other unusable id.
 */
export function reportableProductId(element: unknown): string | null {
  if (!isJsonObject(element)) return null;
  const id = element.id;
  if (typeof id === 'string') return id.length > 0 && id.length <= PRODUCT_LIMITS.idMaxLength && isStorableString(id) ? id : null;
  if (Number.isSafeInteger(id)) return String(id);
  return null;
}

/** Feeds often export numeric SKUs as JSON integers: the product's id is then their decimal string (ProductDto's id transform). */
export function productIdFromInput(value: unknown): unknown {
  return Number.isSafeInteger(value) ? String(value) : value;
}
