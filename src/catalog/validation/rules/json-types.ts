/** A JSON object as produced by JSON.parse: not null, not an array. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True for values that can hold further values (objects and arrays). */
export function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** Human-readable JSON type name for error messages. */
export function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
