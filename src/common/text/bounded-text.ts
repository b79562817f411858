const ELLIPSIS = '…';

/** The first `end` UTF-16 code units, one fewer if the cut would split a surrogate pair. */
export function safePrefix(text: string, end: number): string {
  const last = text.charCodeAt(end - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff && end < text.length ? end - 1 : end);
}

/**
 * At most `maxLength` UTF-16 code units: longer text keeps its start and ends with "…". The cut
 * never falls between the two halves of a surrogate pair, so storable text stays storable.
 */
export function boundedText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  return safePrefix(text, Math.max(0, maxLength - ELLIPSIS.length)) + ELLIPSIS;
}
