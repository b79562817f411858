/*
 * Lengths are UTF-16 code units (JS `.length`), not code points: simple, O(1) and what
 * JavaScript consumers see. class-validator's Length/MaxLength are not used because
 * validator.js counts surrogate pairs and emoji presentation sequences as one character.
 */
export function isStringOfLength(value: unknown, min: number, max: number): value is string {
  return typeof value === 'string' && value.length >= min && value.length <= max;
}

const NON_WHITESPACE = /\S/;

/** Only non-empty strings can be blank: type and emptiness are the length rule's concern. */
export function isBlankString(value: unknown): boolean {
  return typeof value === 'string' && value.length > 0 && !NON_WHITESPACE.test(value);
}

/** C0, DEL and C1 control characters (Unicode general category Cc). */
const CONTROL_CHARACTER = /\p{Cc}/u;

export function hasControlCharacters(value: unknown): boolean {
  return typeof value === 'string' && CONTROL_CHARACTER.test(value);
}
