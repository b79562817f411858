interface ReportedMatch {
  all_words?: unknown;
  missing?: unknown;
  words?: unknown;
  via?: unknown;
  score?: unknown;
}

const PLACES = new Set(['title', 'brand_category_attribute', 'tags', 'description', 'code']);
/** Statuses of the words a search looks for: each must be in a product's `words` or `missing`. */
const SEARCHED = new Set(['matched', 'corrected', 'expanded', 'not_found']);

/**
 * How the products' `_match` (docs/search.md "How each product matched") disagrees with itself or
 * with the answer's interpretation (empty when it agrees): every product of a search has one; its
 * words and missing words are the query's words as the interpretation names them (a synonym rule's
 * or a code's words may be one key), each searched word is in one of them, never both; all_words
 * is true exactly when nothing is missing, and never with a word the catalog lacks; places and vias
 * are the documented ones; the score is a number (null only for a product code).
 */
export function matchProblems(entries: Array<Record<string, unknown>>, interpretation: unknown): string[] {
  const words = ((interpretation as { words?: Array<{ word: string; status: string }> } | null)?.words ?? []).filter((w) =>
    SEARCHED.has(w.status),
  );
  const known = new Set(((interpretation as { words?: Array<{ word: string }> } | null)?.words ?? []).map((w) => w.word));
  const notFound = words.filter((w) => w.status === 'not_found').map((w) => w.word);
  const problems: string[] = [];
  for (const entry of entries) {
    const id = String(entry.id);
    const match = entry._match as ReportedMatch | undefined;
    if (!match) {
      problems.push(`${id}: no _match`);
      continue;
    }
    const has = Object.keys((match.words as Record<string, string>) ?? {});
    const missing = Array.isArray(match.missing) ? (match.missing as string[]) : [];
    const keys = [...has, ...missing];
    const parts = (key: string) => (known.has(key) ? [key] : key.split(' '));
    for (const key of keys) if (!parts(key).every((p) => known.has(p))) problems.push(`${id}: "${key}" is no word of the interpretation`);
    for (const w of words)
      if (!keys.some((key) => key === w.word || parts(key).includes(w.word)))
        problems.push(`${id}: "${w.word}" neither matched nor missing`);
    for (const key of has) if (missing.includes(key)) problems.push(`${id}: "${key}" both matched and missing`);
    if (match.all_words !== (missing.length === 0))
      problems.push(`${id}: all_words ${String(match.all_words)} with missing ${JSON.stringify(missing)}`);
    if (match.all_words === true && notFound.length > 0) problems.push(`${id}: all_words though ${notFound.join(', ')} not_found`);
    for (const [key, place] of Object.entries((match.words as Record<string, string>) ?? {}))
      if (!PLACES.has(place)) problems.push(`${id}: "${key}" in ${place}`);
    for (const key of Object.keys((match.via as Record<string, string>) ?? {}))
      if (!has.includes(key)) problems.push(`${id}: via for "${key}", which it does not have`);
    const codeOnly = has.length > 0 && has.every((key) => (match.words as Record<string, string>)[key] === 'code');
    if (!(typeof match.score === 'number' && match.score >= 0) && !(match.score === null && codeOnly))
      problems.push(`${id}: score ${JSON.stringify(match.score)}`);
  }
  return problems;
}
