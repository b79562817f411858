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

/** A code written inside a longer query, with the query's words it is made of (lower-cased). */
export interface CodePart {
  form: string;
  words: string[];
}

/** Code parts tried per query (a query has at most MAX_QUERY_WORDS words read; this bounds the probe). */
export const MAX_CODE_PARTS = 8;

/**
 * Codes written inside a query of more words (`RV 2300 robot vacuum`, `km-650 filter`): each word
 * mixing letters and digits (`rv2300`, `km-650`), and each word of letters followed by a word with
 * digits only (`rv 2300`), normalised as codeFormsOf does. A query of one word, or without a digit,
 * has none: the whole query is its code form then.
 */
export function codePartsOf(q: string): CodePart[] {
  const words = q.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2 || !/\d/.test(q)) return [];
  const norm = (w: string) =>
    w
      .normalize('NFC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]/gu, '');
  const parts: CodePart[] = [];
  const add = (form: string, from: string[]) => {
    if (form.length < CODE_LENGTH.min || form.length > CODE_LENGTH.max || parts.some((p) => p.form === form)) return;
    parts.push({ form, words: from.map((w) => w.toLowerCase()) });
  };
  words.forEach((word, i) => {
    const code = norm(word);
    if (/\p{L}/u.test(code) && /\d/.test(code)) add(code, [word]);
    const next = words[i + 1];
    if (next !== undefined && /^\p{L}+$/u.test(code) && /^\d+$/.test(norm(next))) add(code + norm(next), [word, next]);
  });
  return parts.slice(0, MAX_CODE_PARTS);
}
