import { FieldErrorList, type FieldErrorSink } from './field-error-list';
import { childKeyPath } from './json-path';
import { isContainer, isJsonObject } from './rules/json-types';
import { SchemaShape } from './schema-shape';

export const UNKNOWN_FIELD_MESSAGE = 'unknown field';

/**
 * Stands in for an object or array the schema cannot accept at that place (inside a field's
 * array or map, or an object where a scalar or array is expected). Validation still reports
 * the same "must be a …" error for it, while class-transformer never sees the original value:
 * it recurses without a depth limit, and guesses a class from an own `constructor` key
 * (`{"title": {"constructor": 1}}` makes plainToInstance throw).
 */
const OPAQUE: object = Object.freeze({});

function opaqueIfContainer(item: unknown): unknown {
  return isContainer(item) ? OPAQUE : item;
}

function withOpaqueChildren(value: object): object {
  if (Array.isArray(value)) return value.some(isContainer) ? value.map(opaqueIfContainer) : value;
  const entries = Object.entries(value);
  if (!entries.some(([, item]) => isContainer(item))) return value;
  // fromEntries defines own properties, so a "__proto__" key stays an ordinary key.
  return Object.fromEntries(entries.map(([key, item]) => [key, opaqueIfContainer(item)]));
}

function knownFieldsOf(source: Record<string, unknown>, shape: SchemaShape, path: string, errors: FieldErrorSink): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    if (!shape.keys.has(key)) {
      if (errors.full) errors.more();
      else errors.add(childKeyPath(path, key), UNKNOWN_FIELD_MESSAGE);
      continue;
    }
    const value = source[key];
    const nestedShape = shape.nested.get(key);
    if (!isContainer(value)) input[key] = value;
    else if (nestedShape && isJsonObject(value)) input[key] = knownFieldsOf(value, nestedShape, childKeyPath(path, key), errors);
    else if (Array.isArray(value) || shape.maps.has(key)) input[key] = withOpaqueChildren(value);
    else input[key] = OPAQUE;
  }
  return input;
}

/**
 * Builds the object handed to class-transformer. Unknown keys (top level and inside nested
 * DTOs such as price) are reported here and left out, because class-transformer silently
 * drops keys such as `constructor` or `toString` before whitelisting could see them.
 * Recursion here follows the DTO nesting, never the input's depth.
 */
export function prepareDtoInput(
  element: Record<string, unknown>,
  shape: SchemaShape,
  errors: FieldErrorSink = new FieldErrorList(),
): { input: Record<string, unknown>; errors: FieldErrorSink } {
  const input = knownFieldsOf(element, shape, '', errors);
  return { input, errors };
}
