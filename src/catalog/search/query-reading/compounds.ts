import { searchLanguageOf } from '../../../common/languages/search-languages';
import type { WordReading } from './query-interpretation';
import type { PartLexeme, QueryWordsRepository } from './query-words.repository';
import type { Term } from './search-terms';

/**
 * Compound words (German, Dutch, the Nordic languages), found from the catalog's own vocabulary
 * as Elasticsearch's dictionary decompounder and Algolia's decompounding find them:
 *
 * - a query word also finds the catalog's compounds that end in it, its head ("tasse" finds
 *   "Kaffeetasse", "mantel" finds "Regenmantel"): the `heads` of QueryWordsRepository.lookUp;
 * - two adjacent query words also find the compound they write together ("regen mantel" finds
 *   "Regenmantel", "kinder fahrrad" "Kinderfahrrad"): `joinCandidates`, looked up like phrases;
 * - a compound the catalog has only in parts is read as those parts: `readCompoundParts`.
 *
 * A head is an alternative (via `compound`), below the word as typed; the compound two words write
 * is the same words in another spelling (as `usb c` is USB-C), so it counts as typed: each word
 * matches it exactly, and "regen mantel" puts Regenmantel before a Regenjacke with a Mantel tag.
 */

/** Adjacent pairs of plain words (letters only, 2+ each) in the free text, and the word they write together. */
export function joinCandidates(text: string): Array<{ left: string; right: string; joined: string }> {
  const words = text.toLowerCase().split(/\s+/u);
  const plain = (w: string | undefined): w is string => w !== undefined && /^\p{L}{2,}$/u.test(w);
  const out: Array<{ left: string; right: string; joined: string }> = [];
  for (let i = 0; i + 1 < words.length; i++)
    if (plain(words[i]) && plain(words[i + 1])) out.push({ left: words[i], right: words[i + 1], joined: words[i] + words[i + 1] });
  return out;
}

export const writesCompounds = (language: string): boolean => searchLanguageOf(language)?.compounds === true;

/**
 * Adds `forms` (vocabulary lexemes) to word `i`'s term as compound forms (`as`: alternatives, or
 * exact ones), creating the term when the word alone is not in the catalog, and reports the word
 * `expanded` via `compound`.
 */
export function addCompoundForms(
  i: number,
  forms: string[],
  words: Array<Term | null>,
  readings: WordReading[],
  own: string,
  as: 'alternatives' | 'exact' = 'alternatives',
): void {
  const known = (f: string) => [...(words[i]?.alternatives ?? []), ...(words[i]?.exact ?? [])].some((o) => o.lexemes.join(' ') === f);
  const fresh = forms.filter((f) => f !== own && !known(f));
  if (fresh.length === 0) return;
  const term = words[i] ?? { label: readings[i].word, exact: [], alternatives: [], strong: true };
  term.strong = true;
  term[as].push(...fresh.map((f) => ({ lexemes: [f], via: 'compound' as const })));
  words[i] = term;
  // A word already corrected or expanded keeps how (its reading has one `via`); the compounds join its `to`.
  const reading = readings[i];
  const earlier = reading.status === 'corrected' || reading.status === 'expanded';
  readings[i] = {
    word: reading.word,
    status: reading.status === 'corrected' ? 'corrected' : 'expanded',
    via: earlier ? reading.via : 'compound',
    to: [...(reading.to ?? []), ...fresh],
  };
}

/** Letters of a compound query word before its parts are looked for. */
const PARTS_FROM_LETTERS = 6;

/**
 * A compounding language's word the catalog has nowhere ("ledertaschen"), read as two of its
 * words written together (QueryWordsRepository.compoundParts): the word's term becomes its head
 * (tasch), and the first part (led) is answered as a term of its own, both required; the word
 * reads `corrected` via `compound`. One statement, run only when such a word is left.
 */
export async function readCompoundParts(
  queryWords: Pick<QueryWordsRepository, 'compoundParts'>,
  organizationId: string,
  free: PartLexeme[],
  words: Array<Term | null>,
  readings: WordReading[],
): Promise<Term[]> {
  const letters = (word: string) => (word.match(/\p{L}/gu) ?? []).length;
  const open = free.flatMap((t, i) =>
    words[i] === null && writesCompounds(t.language) && letters(t.token) >= PARTS_FROM_LETTERS ? [i] : [],
  );
  if (open.length === 0) return [];
  const parts = await queryWords.compoundParts(
    organizationId,
    open.map((i) => ({ token: free[i].token, language: free[i].language })),
  );
  const firstParts: Term[] = [];
  open.forEach((i, k) => {
    const found = parts[k];
    if (!found) return;
    words[i] = { label: found.rightWord, exact: [], alternatives: [{ lexemes: [found.right], via: 'compound' }], strong: true };
    firstParts.push({ label: found.leftWord, exact: [], alternatives: [{ lexemes: [found.left], via: 'compound' }], strong: true });
    readings[i] = { word: readings[i].word, status: 'corrected', via: 'compound', to: [found.left, found.right] };
  });
  return firstParts;
}
