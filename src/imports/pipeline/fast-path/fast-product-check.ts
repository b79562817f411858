/**
 * Fast path for validateProduct, for the ordinary product of a large import.
 *
 * Contract: `fastValidProduct(element)` returns either null ("not sure", the caller then runs
 * the full validateProduct, which also produces the error messages), or exactly the product
 * validateProduct would return for that element: deep-equal, with the same keys in the same
 * order. It never returns a product for an element validateProduct rejects. Anything unusual
 * (an unknown or undefined field, a non-plain object, a nested container, null) yields null.
 *
 * ProductDto stays the single source of truth:
 * - the predicates are the rule functions its decorators call (rules/*.ts, gtin.ts,
 *   currencies.ts) with the same PRODUCT_LIMITS and vocabularies, so limits live in one place;
 *   only the wiring (which field gets which rule) is written again, in PRODUCT_RULES below;
 * - the product is built by the same normaliseProduct, so key order cannot drift;
 * - at load, each field's class-validator constraint names and the field sets (from the same
 *   schemaShapeOf the validator uses) are compared with PRODUCT_RULES / MONEY_RULES. Any
 *   difference (a new field, a field made required, a rule added to a field) switches the fast
 *   path off (always null) and is listed in FAST_PATH_SCHEMA_DRIFT, which a spec asserts empty.
 * What the load-time check cannot see (constraint arguments, class-transformer transforms,
 * normalisation) is covered by fast-product-check.property.spec.ts, which asserts agreement with
 * validateProduct on generated products and thousands of mutations of them.
 */
import 'reflect-metadata';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { ProductDto } from '../../../catalog/dto/product.dto';
import { PRODUCT_LIMITS as L } from '../../../catalog/validation/product-limits';
import { AVAILABILITY_VALUES, CONDITION_VALUES } from '../../../catalog/validation/product-vocabulary';
import { isCurrencyCode } from '../../../catalog/validation/currencies';
import { REQUIRED_CONSTRAINT } from '../../../catalog/validation/decorators/presence.decorators';
import { isValidGtin } from '../../../catalog/validation/gtin';
import { normaliseProduct } from '../../../catalog/validation/normalise-product';
import { isAttributeKey, isAttributeValue } from '../../../catalog/validation/rules/attributes';
import { isHttpUrl } from '../../../catalog/validation/rules/http-url';
import { isMoneyAmount } from '../../../catalog/validation/rules/money';
import { isStorableString } from '../../../catalog/validation/rules/storable-string';
import { hasControlCharacters, isBlankString, isStringOfLength } from '../../../catalog/validation/rules/strings';
import { schemaShapeOf } from '../../../catalog/validation/schema-shape';
import { ValidMoney, ValidProduct } from '../../../catalog/validation/valid-product';
import { isPlainObject } from '../../../common/json/is-plain-object';

type Accepts = (value: unknown) => boolean;

interface FieldRule {
  /** Constraint names the DTO declares on the property, as class-validator registers them. */
  readonly constraints: readonly string[];
  readonly required: boolean;
  /** True only if the value passes all of those constraints and every string in it is storable. */
  readonly accepts: Accepts;
}

interface RuleSet {
  readonly fields: ReadonlyMap<string, FieldRule>;
  readonly requiredCount: number;
}

/** @Required(): present (null is a value, rejected by the field's own rule). */
const required = (constraints: readonly string[], accepts: Accepts): FieldRule => ({
  constraints: [REQUIRED_CONSTRAINT, ...constraints],
  required: true,
  accepts,
});

/** @OptionalNotNull() registers a ValidateIf: absent skips the field, null does not. */
const optional = (constraints: readonly string[], accepts: Accepts): FieldRule => ({
  constraints: [ValidationTypes.CONDITIONAL_VALIDATION, ...constraints],
  required: false,
  accepts,
});

function ruleSet(fields: Record<string, FieldRule>): RuleSet {
  const entries = Object.entries(fields);
  return { fields: new Map(entries), requiredCount: entries.filter(([, rule]) => rule.required).length };
}


/** Every own key is a field of `rules` whose rule accepts the value, and every required field is there. */
function hasOnlyValidFields(value: unknown, rules: RuleSet): value is Record<string, unknown> {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  let requiredSeen = 0;
  for (let i = 0; i < keys.length; i++) {
    const rule = rules.fields.get(keys[i]);
    if (rule === undefined || !rule.accepts(value[keys[i]])) return false;
    if (rule.required) requiredSeen++;
  }
  return requiredSeen === rules.requiredCount;
}

// Field predicates: the DTO's rule functions plus the storable-string check that
// findUnstorableStrings applies to every string of the element.

const storableString =
  (min: number, max: number): Accepts =>
  (value) =>
    isStringOfLength(value, min, max) && isStorableString(value);

const storableHttpUrl: Accepts = (value) => isHttpUrl(value) && isStorableString(value);

const arrayOf =
  (maxItems: number, item: Accepts): Accepts =>
  (value) => {
    if (!Array.isArray(value) || value.length > maxItems) return false;
    // Indexed reads: a hole reads as undefined and fails (class-transformer would drop it).
    for (let i = 0; i < value.length; i++) if (!item(value[i])) return false;
    return true;
  };

/** @IsOneOf's predicate (inline in scalar.decorators.ts), over the DTO's own vocabularies. */
const oneOf =
  (values: readonly string[]): Accepts =>
  (value) =>
    values.includes(value as string);

/** Integer ids are stored as their decimal string (ProductDto's @Transform on id). */
const isIdValue: Accepts = (value) =>
  typeof value === 'string'
    ? isStringOfLength(value, 1, L.idMaxLength) && !hasControlCharacters(value) && isStorableString(value)
    : Number.isSafeInteger(value);

const isTitle: Accepts = (value) => isStringOfLength(value, 1, L.titleMaxLength) && !isBlankString(value) && isStorableString(value);

/** @IsNonNegativeSafeInteger's predicate (written inline in scalar.decorators.ts, so restated here). */
const isNonNegativeSafeInteger: Accepts = (value) => Number.isSafeInteger(value) && (value as number) >= 0;

/** @IsAttributeMap plus storable keys and values. An own "__proto__" key is fine: normaliseProduct spreads the map. */
const isStorableAttributeMap: Accepts = (value) => {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  if (keys.length > L.attributesMaxKeys) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const item = value[key];
    if (!isAttributeKey(key) || !isStorableString(key) || !isAttributeValue(item)) return false;
    if (typeof item === 'string' && !isStorableString(item)) return false;
  }
  return true;
};

/** MoneyDto. Currency codes are upper-case ASCII, hence storable. */
const MONEY_RULES = ruleSet({
  amount: required(['moneyAmount'], isMoneyAmount),
  currency: required(['currencyCode'], isCurrencyCode),
});

const isMoney: Accepts = (value) => hasOnlyValidFields(value, MONEY_RULES);

/** ProductDto, field by field. sale_price's cross-field rules are applied in fastValidProduct. */
const PRODUCT_RULES = ruleSet({
  id: required(['stringLength', 'noControlCharacters'], isIdValue),
  title: required(['stringLength', 'notBlank'], isTitle),
  description: optional(['stringLength'], storableString(0, L.descriptionMaxLength)),
  url: optional(['httpUrl'], storableHttpUrl),
  image_url: optional(['httpUrl'], storableHttpUrl),
  additional_image_urls: optional(['jsonArray', 'maxItems', 'eachItem'], arrayOf(L.additionalImagesMaxItems, storableHttpUrl)),
  price: optional(['moneyObject', ValidationTypes.NESTED_VALIDATION], isMoney),
  sale_price: optional(['moneyObject', ValidationTypes.NESTED_VALIDATION, 'sameCurrency', 'amountAtMost'], isMoney),
  availability: optional(['oneOf'], oneOf(AVAILABILITY_VALUES)),
  condition: optional(['oneOf'], oneOf(CONDITION_VALUES)),
  brand: optional(['stringLength'], storableString(1, L.brandMaxLength)),
  gtin: optional(['gtinShape', 'gtinCheckDigit'], isValidGtin),
  mpn: optional(['stringLength'], storableString(1, L.mpnMaxLength)),
  group_id: optional(['stringLength'], storableString(1, L.groupIdMaxLength)),
  categories: optional(['jsonArray', 'maxItems', 'eachItem'], arrayOf(L.categoriesMaxItems, storableString(1, L.categoryMaxLength))),
  tags: optional(['jsonArray', 'maxItems', 'eachItem'], arrayOf(L.tagsMaxItems, storableString(1, L.tagMaxLength))),
  inventory_quantity: optional(['nonNegativeInteger'], isNonNegativeSafeInteger),
  attributes: optional(['jsonObject', 'maxKeys', 'attributeEntries'], isStorableAttributeMap),
});

/** Fields holding a MoneyDto (checked with MONEY_RULES) and free-form maps, as schemaShapeOf reports them. */
const MONEY_FIELDS = ['price', 'sale_price'];
const MAP_FIELDS = ['attributes'];

/**
 * @SameCurrencyAs('price') and @AmountAtMost('price') (inline in money.decorators.ts), for a sale
 * price and a price that are both already known valid.
 */
function saleWithinPrice(price: unknown, salePrice: unknown): boolean {
  if (price === undefined || salePrice === undefined) return true;
  const regular = price as ValidMoney;
  const sale = salePrice as ValidMoney;
  return sale.currency === regular.currency && sale.amount <= regular.amount;
}

// ---------------------------------------------------------------------------------------------
// Load-time comparison with the DTO metadata (fail safe: any drift disables the fast path).

type DtoClass = new () => object;

function constraintNamesOf(dto: DtoClass): Map<string, string[]> {
  const storage = getMetadataStorage();
  const names = new Map<string, string[]>();
  for (const metadata of storage.getTargetValidationMetadatas(dto, '', true, false)) {
    const constraintNames =
      metadata.type === ValidationTypes.CUSTOM_VALIDATION
        ? storage.getTargetValidatorConstraints(metadata.constraintCls).map((constraint) => constraint.name)
        : [metadata.type];
    const list = names.get(metadata.propertyName) ?? [];
    list.push(...constraintNames);
    names.set(metadata.propertyName, list);
  }
  return names;
}

const sorted = (values: Iterable<string>): string => [...values].sort().join(', ');

function compareFields(dto: DtoClass, fieldNames: ReadonlySet<string>, rules: RuleSet, problems: string[]): void {
  const declared = constraintNamesOf(dto);
  for (const field of fieldNames) {
    const rule = rules.fields.get(field);
    if (rule === undefined) {
      problems.push(`${dto.name}.${field} has no fast rule`);
      continue;
    }
    const actual = sorted(declared.get(field) ?? []);
    const expected = sorted(rule.constraints);
    if (actual !== expected) problems.push(`${dto.name}.${field} declares [${actual}] but the fast rule covers [${expected}]`);
  }
  for (const field of rules.fields.keys()) {
    if (!fieldNames.has(field)) problems.push(`fast rule for ${dto.name}.${field}, which the DTO does not declare`);
  }
}

/**
 * Differences between a product DTO's metadata and the fast path's wiring; empty when the fast
 * path covers the DTO exactly. Exported for specs (run against ProductDto and variants of it).
 */
export function schemaDriftOf(productDto: DtoClass): string[] {
  const problems: string[] = [];
  const shape = schemaShapeOf(productDto);
  compareFields(productDto, shape.keys, PRODUCT_RULES, problems);
  if (sorted(shape.nested.keys()) !== sorted(MONEY_FIELDS)) {
    problems.push(`nested DTO fields are [${sorted(shape.nested.keys())}], the fast path expects [${sorted(MONEY_FIELDS)}]`);
  }
  for (const field of shape.nested.keys()) {
    const nestedDto: unknown = Reflect.getMetadata('design:type', productDto.prototype, field);
    if (typeof nestedDto !== 'function') continue;
    const nestedShape = shape.nested.get(field);
    compareFields(nestedDto as DtoClass, nestedShape?.keys ?? new Set(), MONEY_RULES, problems);
    if (nestedShape !== undefined && (nestedShape.nested.size > 0 || nestedShape.maps.size > 0)) {
      problems.push(`${productDto.name}.${field} has nested objects the fast path does not know`);
    }
  }
  if (sorted(shape.maps) !== sorted(MAP_FIELDS)) {
    problems.push(`free-form map fields are [${sorted(shape.maps)}], the fast path expects [${sorted(MAP_FIELDS)}]`);
  }
  return problems;
}

/** Why the fast path is switched off; empty in a consistent build (asserted by the spec). */
export const FAST_PATH_SCHEMA_DRIFT: readonly string[] = Object.freeze(schemaDriftOf(ProductDto));
const FAST_PATH_ENABLED = FAST_PATH_SCHEMA_DRIFT.length === 0;

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
  if (!FAST_PATH_ENABLED || !hasOnlyValidFields(element, PRODUCT_RULES)) return null;
  if (!saleWithinPrice(element.price, element.sale_price)) return null;
  return typeof element.id === 'number' ? String(element.id) : (element.id as string);
}
