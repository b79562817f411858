/**
 * A decimal number written as text ("15", "15.00", "-3"); anything else, and a number too large for
 * a double, stays text, for validation to judge. Only values JSON keeps as they are (no -0, no
 * Infinity): a mapped product is used as parsed and must equal the parse of its own JSON.
 */
export function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return text;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value + 0 : text; // + 0 turns -0 into 0
}

/** A list cell split at `separator`, items trimmed, empty items dropped. */
export function listOf(text: string, separator: string): string[] {
  return text
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}
