import { Injectable } from '@nestjs/common';
import { type LookedWord, type PartLexeme, QueryWordsRepository, type WordInfo } from './query-words.repository';
import { damerauDistance } from './damerau';
import { EverydayWords } from './everyday-words';
import { type QueryConstraints, readConstraints } from './query-constraints';
import type { WordReading } from './query-interpretation';
import { parseQuerySyntax } from './query-syntax';
import { cjkRuns, cjkWords, pairedText, withoutCjkRuns } from './cjk-segments';
import { addCompoundForms, joinCandidates, readCompoundParts, writesCompounds } from './compounds';
import { DEFAULT_LANGUAGE } from '../../../common/languages/language-tag';
import { type Operand, renderOperand, type Term } from './search-terms';
import { SynonymCache } from './synonym-cache';
import { applySynonyms, type SynonymExpansion } from './synonym-expansion';

/** Words shorter than this are never corrected; from TWO_EDITS_FROM letters two edits are allowed. */
export const CORRECT_FROM_LETTERS = 5;
export const TWO_EDITS_FROM_LETTERS = 9;
/** The last word is also matched as a prefix from this many letters. */
export const PREFIX_FROM_LETTERS = 3;
/**
 * A prefix matches at most this many of the vocabulary's words that start with it, the shortest
 * first: named lexemes are looked up in the search index directly, where a `:*` prefix would read
 * the word's entries of every organization.
 */
export const PREFIX_COMPLETIONS = 20;
/** Bounds per query (docs/search.md "Bounds"): words beyond them are ignored and reported, never an error. */
export const MAX_QUERY_WORDS = 10;
export const MAX_EXCLUDED = 5;
/** Words the catalog lacks that are tried for typos and splits (each costs a trigram scan of the vocabulary). */
export const MAX_CORRECTED_WORDS = 3;
/** Compounds a word of a compounding language also finds, at most (the shortest first: Tasse → Kaffeetasse, Teetasse). */
export const COMPOUND_HEADS = 20;
/** Alternative forms (corrections, completions, synonyms) per word. */
export const MAX_ALTERNATIVES = 20;
/** A word the catalog has in at most this many products' descriptions (and nowhere else) is rare: see rareWordCorrections. */
export const RARE_WORD_PRODUCTS = 3;
/** A rare word's correction is searched too when at least this many times as many products have it. */
export const CORRECTION_COMMONER = 10;
/** Stop words a product query means: a size and the t of t-shirt (pairs like "on ear" become phrases first). */
const MEANINGFUL_STOP_WORDS = new Set(['s', 't']);

/** A query as the search runs it. */
export interface SearchPlan {
  /** Every term: all count towards a product's score. */
  terms: Term[];
  /** Terms a product must all match to be an all-words match (the strong ones, or all if none is). */
  required: Term[];
  /** Excluded forms (`-word`, `-"a phrase"`, "not word"): no result matches any. */
  excluded: Operand[];
  /** How each word was read, in query order (constraint words first). */
  words: WordReading[];
  /** Filters and sort the words ask for (the service applies those the caller did not pass). */
  constraints: QueryConstraints;
}

type Token = PartLexeme;

/** Words of at least this many characters that the catalog lacks are tried as two words written together. */
export const SPLIT_FROM_LENGTH = 4;

const letters = (word: string): number => (word.match(/\p{L}/gu) ?? []).length;

/**
 * Turns a query into a SearchPlan against one organization's vocabulary and synonyms: constraint
 * words become filters and a sort (query-constraints.ts); words are normalised and stemmed exactly
 * as products are indexed (pds_search, search_text()); stop words are ignored unless they carry
 * meaning; a word the catalog does not have is corrected to its nearest words (Damerau-Levenshtein,
 * 5+ letters) or read as two words written together, the last word also matches as a prefix when
 * it is not itself a catalog word, synonyms add alternative forms, and words the catalog has
 * nowhere are left out and reported as not_found (so the answer says it is partial).
 */
@Injectable()
export class QueryAnalyzerService {
  private readonly synonyms = new SynonymCache();
  private readonly everyday = new EverydayWords();

  constructor(private readonly queryWords: QueryWordsRepository) {}

  /**
   * `languages`: the languages the caller says the query is in (BCP 47, first preferred); the
   * query is also read in the catalog's (queryWords.lexemesOf).
   */
  async analyze(organizationId: string, q: string, languages: string[] = []): Promise<SearchPlan> {
    const constraints = readConstraints(q);
    const parsed = parseQuerySyntax(constraints.text);
    // Runs of unspaced script are cut into words, each searched as the phrase of its two-character words.
    const runs = cjkRuns(parsed.words).map(cjkWords);
    const syntax = {
      ...parsed,
      words: withoutCjkRuns(parsed.words).trim(),
      phrases: [...runs.flatMap((r) => r.words), ...parsed.phrases],
    };
    const readings: WordReading[] = [...constraints.words];
    for (const particle of runs.flatMap((r) => r.particles)) readings.push({ word: particle, status: 'ignored', reason: 'stop_word' });
    const excludedParts = [...syntax.excluded, ...constraints.negated];
    for (const part of excludedParts.slice(MAX_EXCLUDED))
      readings.push({ word: part.toLowerCase(), status: 'ignored', reason: 'word_limit' });
    const exclusions = excludedParts.slice(0, MAX_EXCLUDED);
    // "sans parfum", "ohne Zucker": a negation the catalog writes itself (a label) is searched as that phrase.
    const labels = constraints.negated
      .map((word, j) => ({ at: syntax.excluded.length + j, word, text: `${constraints.negatedBy[j]} ${word}` }))
      .filter((label) => label.at < exclusions.length);
    const joins = joinCandidates(syntax.words);
    const parts = [syntax.words, ...syntax.phrases, ...exclusions, ...labels.map((l) => l.text), ...joins.map((j) => j.joined)].map(
      pairedText,
    );
    const { words: tokens, languages: readIn } = await this.queryWords.lexemesOf(organizationId, parts, languages);
    const languageOf = new Map(tokens.map((t) => [t.token.toLowerCase(), t.language]));

    const free: Token[] = [];
    const seen = new Set<string>();
    for (const t of tokens.filter((token) => token.part === 1)) {
      const word = t.token.toLowerCase();
      if (t.stop && !MEANINGFUL_STOP_WORDS.has(word)) readings.push({ word, status: 'ignored', reason: 'stop_word' });
      else if (seen.has(t.lexeme)) readings.push({ word, status: 'ignored', reason: 'duplicate' });
      else if (free.length + syntax.phrases.length >= MAX_QUERY_WORDS) readings.push({ word, status: 'ignored', reason: 'word_limit' });
      else {
        seen.add(t.lexeme);
        free.push(t);
      }
    }
    const kept = syntax.phrases.slice(0, Math.max(0, MAX_QUERY_WORDS - free.length)).map((text, i) => ({
      text,
      lexemes: tokens.filter((t) => t.part === 2 + i).map((t) => t.lexeme),
    }));
    for (const text of syntax.phrases.slice(kept.length))
      readings.push({ word: text.toLowerCase(), status: 'ignored', reason: 'word_limit' });
    // A phrase of no word (only symbols or emoji) has nothing to look up: an empty operand is no tsquery.
    const phrases = kept.filter((p) => p.lexemes.length > 0);
    for (const p of kept.filter((p) => p.lexemes.length === 0))
      readings.push({ word: p.text.toLowerCase(), status: 'ignored', reason: 'no_words' });

    const lastToken = tokens.filter((t) => t.part === 1).at(-1);
    const prefixOf = (t: Token) => syntax.endsInWord && t === lastToken && letters(t.token) >= PREFIX_FROM_LETTERS;
    const looked = [
      ...free.map((t) => ({
        lexeme: t.lexeme,
        edits: maxEdits(t.token, t.lexeme),
        prefix: prefixOf(t),
        exact: renderOperand({ lexemes: [t.lexeme] }),
        compound: writesCompounds(t.language),
      })),
      ...phrases.map((p) => ({
        lexeme: p.lexemes.join(' '),
        edits: -1,
        prefix: false,
        exact: phraseForms(p)
          .map((o) => renderOperand(o))
          .join(' | '),
      })),
    ];
    const asked = labels
      .map((label, k) => ({
        ...label,
        lexemes: tokens.filter((t) => t.part === 2 + syntax.phrases.length + exclusions.length + k).map((t) => t.lexeme),
      }))
      .filter((label) => label.lexemes.length > 1);
    for (const label of asked)
      looked.push({ lexeme: label.lexemes.join(' '), edits: -1, prefix: false, exact: renderOperand({ lexemes: label.lexemes }) });
    const joinsFrom = 2 + syntax.phrases.length + exclusions.length + labels.length;
    const joined = joins
      .map((join, k) => ({ ...join, words: tokens.filter((t) => t.part === joinsFrom + k) }))
      .filter((join) => join.words.length === 1 && writesCompounds(join.words[0].language));
    for (const join of joined)
      looked.push({ lexeme: join.words[0].lexeme, edits: -1, prefix: false, exact: renderOperand({ lexemes: [join.words[0].lexeme] }) });
    const info = await this.lookUp(organizationId, looked);
    const labelled = asked.filter((_, k) => foundPhrase(info.words[free.length + phrases.length + k]));
    const compounds = joined.filter((_, k) => foundPhrase(info.words[free.length + phrases.length + asked.length + k]));

    const wordReadings: WordReading[] = [];
    const corrections = free.map((t, i) => corrected(info.words[i], { ...looked[i], token: t.token }));
    const fallbacks = await this.rareWordCorrections(organizationId, looked, info.words, corrections);
    const words = free.map((t, i): Term | null => {
      const word = t.token.toLowerCase();
      const { term, reading } = toTerm(t.lexeme, word, info.words[i], prefixOf(t), corrections[i], fallbacks[i]);
      wordReadings.push(reading ?? { word, status: 'not_found' });
      if (reading) reading.word = word;
      return term;
    });
    free.forEach((t, i) => addCompoundForms(i, info.words[i].heads, words, wordReadings, t.lexeme));
    const compoundParts = await readCompoundParts(this.queryWords, organizationId, free, words, wordReadings);
    for (const join of compounds) {
      const i = free.findIndex((t, k) => t.token.toLowerCase() === join.left && free[k + 1]?.token.toLowerCase() === join.right);
      if (i >= 0) for (const k of [i, i + 1]) addCompoundForms(k, [join.words[0].lexeme], words, wordReadings, free[k].lexeme, 'exact');
    }
    await this.addEverydayWords(organizationId, free, words, wordReadings, info.synonyms);
    const terms = applySynonyms(
      free.map((t) => t.lexeme),
      free.map((t) => t.token.toLowerCase()),
      words,
      info.synonyms,
      (at, rule) => {
        const reading = wordReadings[at];
        const to = rule.to.map((form) => form.join(' '));
        wordReadings[at] = { word: reading.word, status: 'expanded', via: 'synonym', to: [...(reading.to ?? []), ...to] };
        for (let k = 1; k < rule.from.length; k++)
          wordReadings[at + k] = { ...wordReadings[at + k], status: 'expanded', via: 'synonym', to };
      },
    ).map(capAlternatives);
    terms.push(...compoundParts);
    readings.push(...wordReadings);
    phrases.forEach((phrase, i) => {
      // A one-word phrase the vocabulary holds is strong (not looked for in descriptions): found too.
      const found = foundPhrase(info.words[free.length + i]);
      readings.push({ word: phrase.text.toLowerCase(), status: found ? 'matched' : 'not_found' });
      if (found && phrase.lexemes.length > 0)
        terms.push({ label: phrase.text.toLowerCase(), exact: phraseForms(phrase), alternatives: [], strong: true });
    });
    // Which language each word was read in, unless the query was read as English only (readings stay as they were).
    if (readIn.some((language) => language !== DEFAULT_LANGUAGE))
      for (const reading of readings) {
        const phrase = syntax.phrases.findIndex((text) => text.toLowerCase() === reading.word);
        const language = languageOf.get(reading.word) ?? tokens.find((t) => t.part === 2 + phrase)?.language;
        if (language && reading.status !== 'filter' && reading.status !== 'sort') reading.language = language;
      }
    for (const label of labelled) {
      terms.push({ label: label.text.toLowerCase(), exact: [{ lexemes: label.lexemes }], alternatives: [], strong: true });
      const at = readings.findIndex(
        (r, i) => r.status === 'excluded' && r.word === label.word.toLowerCase() && readings[i - 1]?.reason === 'negation',
      );
      if (at > 0) readings.splice(at - 1, 2, { word: label.text.toLowerCase(), status: 'matched' });
    }
    const excluded = exclusions
      .map((text, i) => ({ i, text, lexemes: tokens.filter((t) => t.part === 2 + syntax.phrases.length + i).map((t) => t.lexeme) }))
      .filter((e) => e.lexemes.length > 0 && !labelled.some((l) => l.at === e.i));
    for (const e of excluded.filter((x) => syntax.excluded.includes(x.text)))
      readings.push({ word: e.text.toLowerCase(), status: 'excluded' });
    const strong = terms.filter((t) => t.strong);
    return {
      terms,
      required: strong.length > 0 ? strong : terms,
      excluded: excluded.map((e) => ({ lexemes: e.lexemes })),
      words: readings,
      constraints,
    };
  }

  /**
   * Words the catalog lacks (not found, and no synonym rule of the organization names them) get
   * their everyday words (EverydayWords, after reducing the word to its WordNet base form: nappies
   * → nappy → diaper) that the catalog has, as alternatives: scored below the word itself like
   * every alternative, reported `expanded` via `everyday`. A word none of whose own everyday words
   * the catalog has gets, in a second round, the words one step broader (WordNet's direct
   * hypernyms: settee → sofa). A last word read only as a prefix that is itself a dictionary word
   * (cot) prefers its everyday words: when the catalog has one, they replace the completions.
   * One statement per round, run only when some word has forms.
   */
  private async addEverydayWords(
    organizationId: string,
    free: Token[],
    words: Array<Term | null>,
    readings: WordReading[],
    synonyms: SynonymExpansion[],
  ): Promise<void> {
    const ruled = new Set(synonyms.flatMap((r) => r.from));
    const prefixOnly = (i: number) =>
      readings[i].via === 'prefix' && (words[i]?.exact.length ?? 0) === 0 && this.everyday.isDictionaryWord(free[i].token);
    const open = free.map((t, i) => (words[i] === null || prefixOnly(i)) && !ruled.has(t.lexeme));
    const found = await this.everydayRound(organizationId, free, words, readings, open, (word) => this.everyday.formsOf(word));
    await this.everydayRound(
      organizationId,
      free,
      words,
      readings,
      open.map((o, i) => o && !found.has(i)),
      (word) => this.everyday.broaderOf(word),
    );
  }

  /** Adds the forms (of `formsOf`) the catalog has to the open words; answers the indexes of the words given some. */
  private async everydayRound(
    organizationId: string,
    free: Token[],
    words: Array<Term | null>,
    readings: WordReading[],
    open: boolean[],
    formsOf: (word: string) => string[],
  ): Promise<Set<number>> {
    const forms: Array<{ i: number; form: string }> = [];
    free.forEach((t, i) => {
      if (open[i]) for (const form of formsOf(t.token)) forms.push({ i, form });
    });
    const given = new Set<number>();
    if (forms.length === 0) return given;
    const rows = await this.queryWords.everydayFormsKnown(organizationId, forms);
    for (const row of rows) {
      const i = row.i;
      if (row.lexemes.length === 1 && row.lexemes[0] === free[i].lexeme) continue;
      if (!given.has(i) && words[i] !== null && readings[i].via === 'prefix') {
        // A dictionary word read as a prefix: its everyday words replace the completions (still required).
        words[i] = { label: readings[i].word, exact: [], alternatives: [], strong: true };
        readings[i] = { word: readings[i].word, status: 'not_found' };
      }
      given.add(i);
      // Optional beside the query's other words (filler words have everyday words too): they rank, never restrict.
      const term = words[i] ?? { label: readings[i].word, exact: [], alternatives: [], strong: false };
      if (term.alternatives.some((o) => o.lexemes.join(' ') === row.lexemes.join(' '))) continue;
      term.alternatives.push({ lexemes: row.lexemes, via: 'everyday' });
      words[i] = term;
      const reading = readings[i];
      readings[i] = { word: reading.word, status: 'expanded', via: 'everyday', to: [...(reading.to ?? []), row.lexemes.join(' ')] };
    }
    return given;
  }

  /**
   * Per free word, the corrections to search beside it although the catalog has it: a word only in
   * descriptions and there in at most RARE_WORD_PRODUCTS products (a merchant's typo, "blutooth")
   * would otherwise hide the near word CORRECTION_COMMONER times as many products carry
   * ("bluetooth", in a tag). The word itself still ranks first (FALLBACK_FACTOR). One statement, run
   * only when such a word has corrections.
   */
  private async rareWordCorrections(
    organizationId: string,
    looked: Array<{ exact: string }>,
    infos: WordInfo[],
    corrections: string[][],
  ): Promise<string[][]> {
    const out = corrections.map((): string[] => []);
    const rare = corrections.flatMap((c, i) => (infos[i].weak && !infos[i].strong && c.length > 0 ? [i] : []));
    if (rare.length === 0) return out;
    const queries = rare.flatMap((i) => [looked[i].exact, ...corrections[i].map((word) => renderOperand({ lexemes: [word] }))]);
    const counts = await this.queryWords.productCounts(organizationId, queries, RARE_WORD_PRODUCTS * CORRECTION_COMMONER);
    let at = 0;
    for (const i of rare) {
      const own = counts[at++];
      const near = corrections[i].map((word) => ({ word, n: counts[at++] }));
      if (own <= RARE_WORD_PRODUCTS) out[i] = near.filter((c) => c.n >= own * CORRECTION_COMMONER).map((c) => c.word);
    }
    return out;
  }

  /** Whether each word is in the vocabulary (and strong), its completions, its correction candidates; and the synonyms. */
  private async lookUp(organizationId: string, looked: LookedWord[]): Promise<{ words: WordInfo[]; synonyms: SynonymExpansion[] }> {
    const cached = this.synonyms.get(organizationId);
    const row = await this.queryWords.lookUp(
      organizationId,
      looked,
      { splitFromLength: SPLIT_FROM_LENGTH, completions: PREFIX_COMPLETIONS, correctedWords: MAX_CORRECTED_WORDS, heads: COMPOUND_HEADS },
      cached?.updatedAt ?? null,
    );
    const synonyms =
      row.synonymsAt === null
        ? []
        : row.synonyms
          ? this.synonyms.set(organizationId, row.synonymsAt, row.synonyms)
          : (cached?.expansions ?? []);
    return { words: row.words, synonyms };
  }
}

/**
 * Edits allowed to correct a word: whether it is corrected at all by its letters as typed (so a
 * short stem does not block "runing" → "rune"), two edits only when typed and stemmed are long.
 */
function maxEdits(word: string, lexeme: string): number {
  if (Math.min(letters(word), letters(lexeme)) >= TWO_EDITS_FROM_LETTERS) return 2;
  return letters(word) >= CORRECT_FROM_LETTERS ? 1 : 0;
}

/**
 * The candidates within the word's Damerau-Levenshtein limit of its stem, the nearest ones only
 * (at most 3). A stem shorter than CORRECT_FROM_LETTERS is corrected only to a word the typed word
 * begins with ("runing" → run; "looking" is never read as "loom").
 */
function corrected(info: WordInfo, word: { token: string; lexeme: string; edits: number }): string[] {
  const typed = word.token.toLowerCase();
  const near = info.candidates
    .filter((c) => letters(word.lexeme) >= CORRECT_FROM_LETTERS || typed.startsWith(c.word))
    .map((c) => ({ word: c.word, edits: damerauDistance(word.lexeme, c.word, word.edits) }))
    .filter((c) => c.edits <= word.edits);
  const best = Math.min(...near.map((c) => c.edits));
  return near
    .filter((c) => c.edits === best)
    .map((c) => c.word)
    .sort()
    .slice(0, 3);
}

/**
 * A phrase's forms: its words in order; a run of unspaced script also as the one word a catalog
 * read in a spaced language holds it as (an English product titled "ソニー").
 */
function phraseForms(phrase: { text: string; lexemes: string[] }): Operand[] {
  const runs = cjkRuns(phrase.text);
  const whole = runs.length === 1 && runs[0] === phrase.text && [...phrase.text].length > 1;
  return whole ? [{ lexemes: phrase.lexemes }, { lexemes: [phrase.text.toLowerCase()] }] : [{ lexemes: phrase.lexemes }];
}

/** A phrase is in the catalog: in a description or anywhere (weak), or a one-word phrase the vocabulary holds (strong). */
const foundPhrase = (info: WordInfo | undefined): boolean => (info?.weak ?? false) || (info?.strong ?? false);

const capAlternatives = (term: Term): Term => ({ ...term, alternatives: term.alternatives.slice(0, MAX_ALTERNATIVES) });

/**
 * A free word as a term and its reading, or a null term when the catalog has it nowhere (not even
 * as a prefix, with a typo or split in two). A word the catalog has is never expanded as a prefix.
 */
function toTerm(
  lexeme: string,
  label: string,
  info: WordInfo,
  prefix: boolean,
  corrections: string[],
  fallbacks: string[],
): { term: Term | null; reading: WordReading | null } {
  const completions: Operand[] =
    prefix && !info.strong ? info.completions.map((word) => ({ lexemes: [word], via: 'prefix' as const })) : [];
  const strong = info.strong || completions.length > 0;
  const expanded: WordReading | null =
    completions.length > 0 ? { word: lexeme, status: 'expanded', via: 'prefix', to: completions.map((c) => c.lexemes.join(' ')) } : null;
  if (info.strong || info.weak) {
    if (fallbacks.length > 0) {
      // A rare word: its common near words are searched too (below it), so they are required like it.
      const term: Term = { label, exact: [{ lexemes: [lexeme] }], alternatives: completions, strong: true };
      term.fallbacks = fallbacks.map((word) => ({ lexemes: [word], via: 'typo' }));
      const to = [...completions.map((c) => c.lexemes.join(' ')), ...fallbacks];
      return { term, reading: { word: lexeme, status: 'expanded', via: 'typo', to } };
    }
    return {
      term: { label, exact: [{ lexemes: [lexeme] }], alternatives: completions, strong },
      reading: expanded ?? { word: lexeme, status: 'matched' },
    };
  }
  if (completions.length > 0) return { term: { label, exact: [], alternatives: completions, strong }, reading: expanded };
  // A typo's nearest words, or the two words it may be written together from ("multitool", "usbc"):
  // both from the vocabulary, so strong.
  const found: Operand[] = [
    ...corrections.map((word) => ({ lexemes: [word], via: 'typo' as const })),
    ...info.splits.map((s) => ({ lexemes: [s.left, s.right], via: 'split' as const })),
  ];
  if (found.length === 0) return { term: null, reading: null };
  const reading: WordReading = {
    word: lexeme,
    status: 'corrected',
    via: corrections.length > 0 ? 'typo' : 'split',
    to: found.map((o) => o.lexemes.join(' ')),
  };
  return { term: { label, exact: [], alternatives: found, strong: true }, reading };
}
