/** Longest pause the client accepts from a Retry-After header (a misconfigured proxy must not hang it). */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * Milliseconds to wait from a Retry-After header: delay-seconds or an HTTP date (RFC 9110 §10.2.3),
 * clamped to 0…MAX_RETRY_AFTER_MS; `fallbackMs` when the header is absent or unreadable.
 */
export function retryAfterMs(header: string | null, fallbackMs: number, now: number = Date.now()): number {
  if (header === null || header.trim() === '') return fallbackMs;
  const value = header.trim();
  if (/^[+-]?\d+$/.test(value)) return value.startsWith('-') ? fallbackMs : Math.min(Number(value) * 1000, MAX_RETRY_AFTER_MS);
  const ms = Date.parse(value) - now;
  if (Number.isNaN(ms)) return fallbackMs;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}
