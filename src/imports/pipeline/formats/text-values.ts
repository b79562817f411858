/** A decimal number written as text ("15", "15.00", "-3"); anything else stays text, for validation to judge. */
export function numberOrText(text: string): number | string {
  return /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : text;
}

/** A list cell split at `separator`, items trimmed, empty items dropped. */
export function listOf(text: string, separator: string): string[] {
  return text
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}
