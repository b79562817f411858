/** A query is tried as a code when it has at most this many words (`km 650`, `4006381 333931`). */
export const CODE_MAX_WORDS = 3;
/** Normalised codes are 3 to 70 letters and digits (MPNs are at most 70 characters). */
const CODE_LENGTH = { min: 3, max: 70 };

/**
 * The forms a query is looked up by as a product code, normalised exactly as product_search_codes()
 * normalises ids, MPNs and GTINs (migration 1795798769283): letters and digits only, lower-cased,
 * and a digits-only code also without leading zeros (GTIN-12 `036000291452` = GTIN-13
 * `0036000291452`). `KM650`, `km-650` and `km 650` are one code. A query of more words, or without
 * a digit unless it is one word with a separator, is not a code: [].
 */
export function codeFormsOf(q: string): string[] {
  const words = q.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > CODE_MAX_WORDS) return [];
  // Only what looks like a code: a digit, or one word with a separator (`sku-abc`); a plain word
  // (`jacket`) is searched as a word, so everyday queries cost no code lookup.
  if (!/\d/.test(q) && (words.length > 1 || !/[-_./]/.test(q))) return [];
  const code = q
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
  if (code.length < CODE_LENGTH.min || code.length > CODE_LENGTH.max) return [];
  if (!/^\d+$/.test(code)) return [code];
  const unpadded = code.replace(/^0+/, '');
  return unpadded && unpadded !== code ? [code, unpadded] : [code];
}
