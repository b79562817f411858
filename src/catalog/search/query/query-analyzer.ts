import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { lexemesOf, type PartLexeme } from './query-lexemes';
import { parseQuerySyntax } from './query-syntax';
import { type Operand, renderOperand, type Term } from './search-terms';
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

/** A query as the search runs it. */
export interface SearchPlan {
  /** Every term: all count towards a product's score. */
  terms: Term[];
  /** Terms a product must all match to be an all-words match (the strong ones, or all if none is). */
  required: Term[];
  /** Excluded forms (`-word`): no result matches any. */
  excluded: Operand[];
}

type Token = PartLexeme;

interface WordInfo {
  /** In the vocabulary: the catalog has the word in a title, brand, category, attribute or tag. */
  strong: boolean;
  /** Not in the vocabulary but in some product's description. */
  weak: boolean;
  /** For the last word: the vocabulary's longer words that start with it (see PREFIX_COMPLETIONS). */
  completions: string[];
  corrections: string[];
  splits: Array<{ left: string; right: string }>;
}

/** Words of at least this many characters that the catalog lacks are tried as two words written together. */
export const SPLIT_FROM_LENGTH = 4;

const letters = (word: string): number => (word.match(/\p{L}/gu) ?? []).length;

/**
 * Turns a query into a SearchPlan against one organization's vocabulary and synonyms: words are
 * normalised and stemmed exactly as products are indexed (pds_search, search_text()); a word the
 * catalog does not have is corrected to its nearest words (5+ letters) or read as two words
 * written together, the last word also matches
 * as a prefix, synonyms add alternative forms, and words the catalog has nowhere are left out (so
 * a filler word no product has cannot empty the result, and a query with no known word finds nothing).
 */
@Injectable()
export class QueryAnalyzer {
  constructor(private readonly dataSource: DataSource) {}

  async analyze(organizationId: string, q: string): Promise<SearchPlan> {
    const syntax = parseQuerySyntax(q);
    const parts = [syntax.words, ...syntax.phrases, ...syntax.excluded];
    const tokens = await lexemesOf(this.dataSource, parts);
    const free = dedupe(tokens.filter((t) => t.part === 1));
    const lastToken = tokens.filter((t) => t.part === 1).at(-1);
    const prefixOf = (t: Token) => syntax.endsInWord && t === lastToken && letters(t.token) >= PREFIX_FROM_LETTERS;
    const info = await this.lookUp(
      organizationId,
      free.map((t) => t.lexeme),
      free.map((t) => maxEdits(t.token, t.lexeme)),
      free.map(prefixOf),
    );
    const words = free.map((t, i): Term | null => toTerm(t.lexeme, info.words[i], prefixOf(t)));
    const terms = applySynonyms(
      free.map((t) => t.lexeme),
      words,
      info.synonyms,
    );
    for (let part = 2; part < 2 + syntax.phrases.length; part++) {
      const lexemes = tokens.filter((t) => t.part === part).map((t) => t.lexeme);
      if (lexemes.length > 0) terms.push({ exact: [{ lexemes }], alternatives: [], strong: true });
    }
    const excluded = tokens.filter((t) => t.part >= 2 + syntax.phrases.length).map((t) => ({ lexemes: [t.lexeme] }));
    const strong = terms.filter((t) => t.strong);
    return { terms, required: strong.length > 0 ? strong : terms, excluded };
  }

  /** Whether each word is in the vocabulary (and strong), its completions, its corrections; and the synonyms. */
  private async lookUp(
    organizationId: string,
    lexemes: string[],
    edits: number[],
    prefixes: boolean[],
  ): Promise<{ words: WordInfo[]; synonyms: SynonymExpansion[] }> {
    const [row]: Array<{ words: WordInfo[] | null; synonyms: SynonymExpansion[] | null }> = await this.dataSource.query(
      `SELECT (SELECT expansions FROM catalog_synonyms WHERE organization_id = $1) AS synonyms,
              (SELECT json_agg(json_build_object(
                        'strong', v.word IS NOT NULL,
                        'weak', v.word IS NULL AND product_search_contains($1, CAST(w.exact AS tsquery)),
                        'completions', CASE WHEN w.prefix THEN
                          (SELECT coalesce(json_agg(c.word ORDER BY length(c.word), c.word), '[]') FROM (
                             SELECT p.word FROM search_vocabulary p
                              WHERE p.organization_id = $1 AND p.word > w.lexeme AND p.word < w.lexeme || chr(1114111)
                              ORDER BY length(p.word), p.word LIMIT $7) c) ELSE '[]' END,
                        'corrections', CASE WHEN v.word IS NULL AND w.edits > 0 THEN
                          (SELECT coalesce(json_agg(c.word), '[]') FROM search_corrections($1, w.lexeme, w.edits) c) ELSE '[]' END,
                        'splits', CASE WHEN v.word IS NULL AND length(w.lexeme) >= $5 THEN
                          (SELECT coalesce(json_agg(s), '[]') FROM (
                             SELECT l.word AS left, r.word AS right
                               FROM generate_series(1, length(w.lexeme) - 1) AS cut
                               JOIN search_vocabulary l ON l.organization_id = $1 AND l.word = left(w.lexeme, cut)
                               JOIN search_vocabulary r ON r.organization_id = $1 AND r.word = substr(w.lexeme, cut + 1)
                              ORDER BY least(cut, length(w.lexeme) - cut) DESC LIMIT 2) s) ELSE '[]' END
                      ) ORDER BY w.i)
                 FROM unnest($2::text[], $3::int[], $4::bool[], $6::text[]) WITH ORDINALITY AS w(lexeme, edits, prefix, exact, i)
                 LEFT JOIN search_vocabulary v ON v.organization_id = $1 AND v.word = w.lexeme) AS words`,
      [
        organizationId,
        lexemes,
        edits,
        prefixes,
        SPLIT_FROM_LENGTH,
        lexemes.map((lexeme) => renderOperand({ lexemes: [lexeme] })),
        PREFIX_COMPLETIONS,
      ],
    );
    return { words: row.words ?? [], synonyms: row.synonyms ?? [] };
  }
}

/** Edits allowed to correct a word: by its letters as typed and as stemmed ("looking" is "look", too short to correct). */
function maxEdits(word: string, lexeme: string): number {
  const n = Math.min(letters(word), letters(lexeme));
  if (n >= TWO_EDITS_FROM_LETTERS) return 2;
  return n >= CORRECT_FROM_LETTERS ? 1 : 0;
}

/** A repeated word counts once. */
function dedupe(tokens: Token[]): Token[] {
  const seen = new Set<string>();
  return tokens.filter((t) => !seen.has(t.lexeme) && seen.add(t.lexeme));
}

/** A free word as a term, or null when the catalog has it nowhere (not even as a prefix, with a typo or split in two). */
function toTerm(lexeme: string, info: WordInfo, prefix: boolean): Term | null {
  const completions: Operand[] = prefix ? info.completions.map((word) => ({ lexemes: [word] })) : [];
  const strong = info.strong || completions.length > 0;
  if (info.strong || info.weak) return { exact: [{ lexemes: [lexeme] }], alternatives: completions, strong };
  if (completions.length > 0) return { exact: [], alternatives: completions, strong };
  // A typo's nearest words, or the two words it may be written together from ("multitool", "usbc"):
  // both from the vocabulary, so strong.
  const found = [...info.corrections.map((word) => [word]), ...info.splits.map((s) => [s.left, s.right])];
  if (found.length === 0) return null;
  return { exact: [], alternatives: found.map((lexemes) => ({ lexemes })), strong: true };
}
