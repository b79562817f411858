import { primaryLanguage } from './language-tag';

/** How text in a language is folded before its stemmer (migration 1795860000000 applies the same in SQL). */
export type LanguageFolding = 'none' | 'german' | 'segment';

export interface SearchLanguage {
  /** The primary language subtag. */
  code: string;
  /** PostgreSQL's Snowball stemmer and stop-word list for it, or null (language-neutral words). */
  snowball: string | null;
  folding: LanguageFolding;
  /** Writes compound words ("Regenmantel"): a query word also finds the catalog's compounds it ends (docs/search.md "Languages"). */
  compounds: boolean;
}

/** Languages that write compound nouns as one word: German, Dutch, the Nordic languages. */
const COMPOUNDING = new Set(['de', 'nl', 'sv', 'da', 'no', 'nb', 'nn', 'fi']);

/**
 * The languages the search reads by their own rules: every Snowball stemmer PostgreSQL 15 ships,
 * and the scripts written without spaces (segmented into overlapping two-character words, the
 * CJK bigrams of Elasticsearch's `cjk` analyzer). Any other well-formed tag is read with the
 * language-neutral rules (lower-cased, accents folded, no stemming, no stop words).
 */
export const SEARCH_LANGUAGES: readonly SearchLanguage[] = [
  ['ar', 'arabic'],
  ['hy', 'armenian'],
  ['eu', 'basque'],
  ['ca', 'catalan'],
  ['da', 'danish'],
  ['nl', 'dutch'],
  ['en', 'english'],
  ['fi', 'finnish'],
  ['fr', 'french'],
  ['de', 'german', 'german'],
  ['el', 'greek'],
  ['hi', 'hindi'],
  ['hu', 'hungarian'],
  ['id', 'indonesian'],
  ['ga', 'irish'],
  ['it', 'italian'],
  ['lt', 'lithuanian'],
  ['ne', 'nepali'],
  ['no', 'norwegian'],
  ['nb', 'norwegian'],
  ['nn', 'norwegian'],
  ['pt', 'portuguese'],
  ['ro', 'romanian'],
  ['ru', 'russian'],
  ['sr', 'serbian'],
  ['es', 'spanish'],
  ['sv', 'swedish'],
  ['ta', 'tamil'],
  ['tr', 'turkish'],
  ['yi', 'yiddish'],
  ['ja', null, 'segment'],
  ['zh', null, 'segment'],
  ['ko', null, 'segment'],
].map(([code, snowball, folding]) => ({
  code: code!,
  snowball,
  folding: (folding ?? 'none') as LanguageFolding,
  compounds: COMPOUNDING.has(code!),
}));

const BY_CODE = new Map(SEARCH_LANGUAGES.map((l) => [l.code, l]));

/** The rules a tag is read by; null: the language-neutral ones. */
export function searchLanguageOf(tag: string): SearchLanguage | null {
  return BY_CODE.get(primaryLanguage(tag)) ?? null;
}
