import { PRODUCT_LIMITS } from '../../dto/product-limits';
import { keySegment } from '../json-path';
import { isAttributeKey, isAttributeValue } from '../rules/attributes';
import { isJsonObject } from '../rules/json-types';
import { SubFieldError } from './error-details';
import { composeDecorators, Satisfies } from './satisfies.decorator';

const KEY_MESSAGE = `key must be 1 to ${PRODUCT_LIMITS.attributeKeyMaxLength} characters`;
const VALUE_MESSAGE = `must be a string of at most ${PRODUCT_LIMITS.attributeValueMaxLength} characters, a finite number or a boolean`;

function entryFailures(value: unknown): SubFieldError[] {
  const failures: SubFieldError[] = [];
  if (!isJsonObject(value)) return failures;
  for (const key of Object.keys(value)) {
    const path = keySegment(key, false);
    if (!isAttributeKey(key)) failures.push({ path, message: KEY_MESSAGE });
    if (!isAttributeValue(value[key])) failures.push({ path, message: VALUE_MESSAGE });
  }
  return failures;
}

function entriesAreValid(value: unknown): boolean {
  if (!isJsonObject(value)) return true;
  for (const key of Object.keys(value)) {
    if (!isAttributeKey(key) || !isAttributeValue(value[key])) return false;
  }
  return true;
}

/** Flat key/value map; nested objects and arrays are refused so attributes stay filterable. */
export function IsAttributeMap(): PropertyDecorator {
  const maxKeys = PRODUCT_LIMITS.attributesMaxKeys;
  return composeDecorators(
    Satisfies('jsonObject', isJsonObject, 'must be a JSON object'),
    Satisfies('maxKeys', (value) => !isJsonObject(value) || Object.keys(value).length <= maxKeys, `must have at most ${maxKeys} keys`),
    Satisfies('attributeEntries', entriesAreValid, VALUE_MESSAGE, { explain: entryFailures }),
  );
}
