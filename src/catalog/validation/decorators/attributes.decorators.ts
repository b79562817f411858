import { PRODUCT_LIMITS } from '../product-limits';
import { keySegment } from '../json-path';
import { isAttributeKey, isAttributeValue } from '../rules/attributes';
import { isJsonObject } from '../rules/json-types';
import type { FieldErrorSink } from '../field-error-list';
import { composeDecorators, Satisfies } from './satisfies.decorator';

const KEY_MESSAGE = `key must be 1 to ${PRODUCT_LIMITS.attributeKeyMaxLength} characters`;
const VALUE_MESSAGE = `must be a string of at most ${PRODUCT_LIMITS.attributeValueMaxLength} characters, a finite number or a boolean`;

function explainEntries(value: unknown, out: FieldErrorSink): void {
  if (!isJsonObject(value)) return;
  for (const key of Object.keys(value)) {
    const failures = (isAttributeKey(key) ? 0 : 1) + (isAttributeValue(value[key]) ? 0 : 1);
    if (failures === 0) continue;
    if (out.full) {
      out.more(failures);
      continue;
    }
    const path = keySegment(key, false);
    if (!isAttributeKey(key)) out.add(path, KEY_MESSAGE);
    if (!isAttributeValue(value[key])) out.add(path, VALUE_MESSAGE);
  }
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
    Satisfies('attributeEntries', entriesAreValid, VALUE_MESSAGE, { explain: explainEntries }),
  );
}
