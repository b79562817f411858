import { safePrefix } from '../../common/text/bounded-text';

/**
 * Renders error locations as JSON paths: `price.currency`, `categories[3]`,
 * `attributes["size (EU)"]`. Non-identifier keys are JSON-quoted, which also escapes NUL and
 * lone surrogates, so an error path is always storable even when the key itself is not.
 */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Keys longer than any valid key are shortened so a 200 KiB key cannot bloat the report. */
const MAX_KEY_CHARS_SHOWN = 128;

export function keySegment(key: string, atRoot: boolean): string {
  if (key.length <= MAX_KEY_CHARS_SHOWN && IDENTIFIER.test(key)) {
    return atRoot ? key : `.${key}`;
  }
  // Shortened before quoting, so a 256 KiB key is never copied; the cut never splits a surrogate pair.
  const shown = key.length > MAX_KEY_CHARS_SHOWN ? `${safePrefix(key, MAX_KEY_CHARS_SHOWN)}…` : key;
  return `[${JSON.stringify(shown)}]`;
}

export function indexSegment(index: number): string {
  return `[${index}]`;
}

export function childKeyPath(parentPath: string, key: string): string {
  return parentPath === '' ? keySegment(key, true) : parentPath + keySegment(key, false);
}
