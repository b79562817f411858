/**
 * Fast path for validateProduct, for the ordinary product of a large import.
 *
 * Contract: `fastValidProduct(element)` returns either null ("not sure", the caller then runs
 * the full validateProduct, which also produces the error messages), or exactly the product
 * validateProduct would return for that element: deep-equal, with the same keys in the same
 * order. It never returns a product for an element validateProduct rejects. Anything unusual
 * (an unknown or undefined field, a non-plain object, null) yields null.
 *
 * ProductDto is the one definition: the rules run here are read back from its decorators
 * (PRODUCT_RULES, from declaredRulesOf: each Satisfies predicate, required or optional, the nested
 * MoneyDto's), the product is built by the same normaliseProduct, and every string must be storable
 * as findUnstorableStrings requires. Adding a field or a rule to the DTO changes this check with it.
 * What cannot be read back switches the fast path off (FAST_PATH_SCHEMA_DRIFT, asserted empty by a
 * spec): a class-validator decorator that is not a Satisfies rule, and class-transformer transforms,
 * of which the DTO has one, known here: an integer id stored as its decimal string (product-id.ts).
 * fast-product-check.property.spec.ts asserts agreement with validateProduct on generated products
 * and thousands of mutations of them.
 */
import { ProductDto } from '../../../catalog/product/product.dto';
import { PRODUCT_RULES } from '../../../catalog/product/product-fields';
import { normaliseProduct } from '../../../catalog/product/normalise-product';
import { productIdFromInput } from '../../../catalog/product/product-id';
import { isStorableString } from '../../../common/text/storable-string';
import type { ValidProduct } from '../../../catalog/product/valid-product';
import { isPlainObject } from '../../../common/json/is-plain-object';

/** A DTO's rules as the catalog reads them back (PRODUCT_RULES is ProductDto's). */
type DeclaredRules = typeof PRODUCT_RULES;

/** Deeper than any valid product's value (product → field → list or map → scalar): the reference path decides. */
const MAX_VALUE_DEPTH = 4;

/** Every string in the value (keys included) can be stored; containers are plain, arrays have no holes. */
function isStorableValue(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return isStorableString(value);
  if (typeof value !== 'object') return value !== undefined;
  if (value === null || depth >= MAX_VALUE_DEPTH) return false;
  if (Array.isArray(value)) {
    // Indexed reads: a hole reads as undefined and fails (class-transformer would drop it).
    for (let i = 0; i < value.length; i++) if (!isStorableValue(value[i], depth + 1)) return false;
    return true;
  }
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    if (!isStorableString(keys[i]) || !isStorableValue(value[keys[i]], depth + 1)) return false;
  }
  return true;
}

/**
 * Every own key is a declared field whose rules accept its value (`object` is what class-validator
 * would pass as the validated object: the element itself), and every required field is there.
 */
function hasOnlyValidFields(value: unknown, rules: DeclaredRules, depth: number): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  let requiredSeen = 0;
  for (let i = 0; i < keys.length; i++) {
    const field = rules.fields.get(keys[i]);
    if (field === undefined) return false;
    const item = keys[i] === 'id' && depth === 0 ? productIdFromInput(value[keys[i]]) : value[keys[i]];
    const { predicates } = field;
    for (let p = 0; p < predicates.length; p++) if (!predicates[p](item, value)) return false;
    if (field.nested !== undefined ? !hasOnlyValidFields(item, field.nested, depth + 1) : !isStorableValue(item, depth + 1)) return false;
    if (field.required) requiredSeen++;
  }
  return requiredSeen === rules.requiredCount;
}

/** A fast check of one product DTO: what it could not read back, and the verdict. */
export interface FastProductCheck {
  /** Why the check is off (it then answers null for every element); empty when every rule was read. */
  readonly drift: readonly string[];
  /** The product id when the DTO accepts the element as it is, else null. */
  validId(element: unknown): string | null;
}

/** The fast check of a product DTO's declared rules (ProductDto's here; a variant's in specs). */
export function fastProductCheck(rules: DeclaredRules): FastProductCheck {
  const drift = Object.freeze([...rules.unreadable]);
  const enabled = drift.length === 0;
  return {
    drift,
    validId: (element) => (enabled && hasOnlyValidFields(element, rules, 0) ? (productIdFromInput(element.id) as string) : null),
  };
}

const PRODUCT_CHECK = fastProductCheck(PRODUCT_RULES);

/** Why the fast path is switched off; empty in a consistent build (asserted by the spec). */
export const FAST_PATH_SCHEMA_DRIFT: readonly string[] = PRODUCT_CHECK.drift;

/**
 * The normalised product validateProduct(element) would return, or null when the element is
 * invalid or merely unusual (then call validateProduct for the verdict and the messages).
 */
export function fastValidProduct(element: unknown): ValidProduct | null {
  const id = fastValidProductId(element);
  if (id === null) return null;
  // Every present field has the value the DTO instance would hold, except an integer id, so
  // the shared normaliser builds the product (fields in schema order, arrays and maps copied).
  const product = normaliseProduct(element as ProductDto);
  product.id = id;
  return product;
}

/**
 * fastValidProduct(element)?.id ?? null, without building the product: for a caller that already
 * has the product's canonical JSON (copied from the element's bytes) and needs only the verdict.
 */
export function fastValidProductId(element: unknown): string | null {
  return PRODUCT_CHECK.validId(element);
}
