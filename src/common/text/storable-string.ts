/* eslint-disable no-control-regex -- NUL is exactly what these patterns look for */
/** Cheap pre-filter: almost every string has neither NUL nor any surrogate. */
const SUSPECT = /[\u0000\uD800-\uDFFF]/;
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** The whole string storable, for validators that take a pattern (class-validator's @Matches, zod's regex). */
export const STORABLE_PATTERN = /^(?:[^\u0000\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
/* eslint-enable no-control-regex */

/**
 * PostgreSQL text/jsonb cannot hold U+0000, and a lone UTF-16 surrogate has no UTF-8 encoding
 * (jsonb rejects the escaped form), so such strings must be refused before they reach a query.
 */
export function isStorableString(value: string): boolean {
  return !SUSPECT.test(value) || !UNSTORABLE.test(value);
}

/** The same text with every NUL and lone surrogate replaced by U+FFFD: always storable. */
export function toStorableString(value: string): string {
  return isStorableString(value) ? value : value.replace(UNSTORABLE_ALL, '\uFFFD');
}
