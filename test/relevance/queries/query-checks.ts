import type { CatalogProduct } from '../catalogs/catalog-product';
import { words } from '../catalogs/fold';
import type { RelevanceQuery } from './relevance-query';

/** Every folded word a shopper could search for in a catalog (all searchable fields, attribute values included). */
export function catalogVocabulary(products: readonly CatalogProduct[]): Set<string> {
  const vocabulary = new Set<string>();
  for (const p of products) {
    const fields = [
      p.title,
      p.brand ?? '',
      p.description ?? '',
      ...(p.categories ?? []),
      ...(p.tags ?? []),
      ...Object.values(p.attributes ?? {})
        .filter((v) => typeof v !== 'boolean')
        .map(String),
    ];
    for (const field of fields) for (const word of words(field)) vocabulary.add(word);
  }
  return vocabulary;
}

export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** The edits a typo may have: one in a word of 5 to 8 letters, two from 9. */
const allowedEdits = (word: string): number => (word.length >= 9 ? 2 : 1);

function nearestWithin(word: string, vocabulary: ReadonlySet<string>, edits: number): string | undefined {
  return [...vocabulary].find((v) => Math.abs(v.length - word.length) <= edits && editDistance(v, word) <= edits);
}

/**
 * Why a query does not test what its category claims (null when it does): a typo query whose
 * misspelt word is in the catalog, a "negative" with a word the catalog has, a prefix that is
 * a whole word... Keeps the query set honest as the generators change.
 */
export function queryProblem(
  query: RelevanceQuery,
  vocabulary: ReadonlySet<string>,
  relevantInCatalog: number,
  synonymWords: ReadonlySet<string> = new Set(),
): string | null {
  const qWords = words(query.q);
  const unknown = qWords.filter((w) => !vocabulary.has(w));
  const reported = reportedWordProblem(query, vocabulary);
  if (reported) return reported;
  if (query.category === 'negative') {
    if (relevantInCatalog !== 0) return 'a negative query has a judge';
    if (unknown.length !== qWords.length) return `words in the catalog: ${qWords.filter((w) => vocabulary.has(w)).join(', ')}`;
    // Nor a typo or a prefix of one: a forgiving search may rightly answer those.
    const near = qWords.find((w) => w.length >= 5 && nearestWithin(w, vocabulary, allowedEdits(w)) !== undefined);
    if (near) return `"${near}" is within ${allowedEdits(near)} edit(s) of "${nearestWithin(near, vocabulary, allowedEdits(near))}"`;
    const last = qWords[qWords.length - 1];
    const extended = last.length >= 3 ? [...vocabulary].find((v) => v.startsWith(last)) : undefined;
    return extended ? `last word "${last}" is a prefix of "${extended}"` : null;
  }
  if (relevantInCatalog === 0) return 'no product satisfies the judge';
  switch (query.category) {
    case 'exact':
      return unknown.length === 0 ? null : `not in the catalog: ${unknown.join(', ')}`;
    case 'typo': {
      if (unknown.length === 0) return 'no misspelt word';
      for (const word of unknown) {
        if (word.length < 5) return `"${word}" is shorter than 5 letters`;
        if (nearestWithin(word, vocabulary, allowedEdits(word)) === undefined)
          return `"${word}" is more than ${allowedEdits(word)} edit(s) from every catalog word`;
      }
      return null;
    }
    case 'prefix': {
      const last = qWords[qWords.length - 1];
      if (last.length < 3) return `last word "${last}" is shorter than 3 letters`;
      if (vocabulary.has(last)) return `last word "${last}" is a whole catalog word`;
      return [...vocabulary].some((v) => v.startsWith(last)) ? null : `no catalog word starts with "${last}"`;
    }
    case 'synonym':
      return unknown.length > 0 ? null : 'every word is in the catalog (nothing for a synonym to do)';
    case 'accent':
      return /^[\x20-\x7e]*$/.test(query.q) ? null : 'the query has accents';
    case 'unit':
      return /\d[a-z]/i.test(query.q) ? null : 'no number written together with its unit';
    case 'everyday': {
      const everyday = unknown.filter((w) => !synonymWords.has(w));
      if (unknown.length === 0) return 'every word is in the catalog (nothing for an everyday word to do)';
      return everyday.length > 0 ? null : `configured as synonyms: ${unknown.join(', ')}`;
    }
    case 'segmentation':
      // A word found only inside a longer run of the catalog's text (ヘッドホン in ワイヤレスヘッドホン).
      return unknown.some((w) => [...vocabulary].some((v) => v.includes(w))) ? null : 'no word of the query is only inside a catalog word';
    case 'folding':
      return /^[\x20-\x7e]*$/.test(query.q) || query.q.normalize('NFKC') !== query.q
        ? null
        : 'the query is neither plain ASCII nor in another width';
    case 'variant':
      return query.collapse ? null : 'a variant question without collapse';
    case 'sort':
      return query.order ? null : 'a sort question without an order';
    case 'code':
      if (!query.first) return 'a code question that does not require the coded product first';
      return relevantInCatalog <= 10 ? null : `${relevantInCatalog} products have the code (a code names one product or group)`;
    default:
      return null;
  }
}

/**
 * A word a question expects reported as not_found or expanded must be one the catalog lacks
 * (otherwise the question does not test what it claims), and every reported word must be in it.
 */
function reportedWordProblem(query: RelevanceQuery, vocabulary: ReadonlySet<string>): string | null {
  const qWords = new Set(words(query.q));
  for (const [word, spec] of Object.entries(query.interpretation?.words ?? {})) {
    if (!words(word).every((w) => qWords.has(w))) return `"${word}" is not a word of the query`;
    const status = typeof spec === 'object' && !Array.isArray(spec) ? spec.status : spec;
    const lacking = ['not_found', 'expanded'].some((s) => (Array.isArray(status) ? status : [status]).includes(s as never));
    if (lacking && words(word).some((w) => vocabulary.has(w))) return `"${word}" is expected ${String(status)} but the catalog has it`;
  }
  return null;
}
