import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SynonymExpansion } from './synonym-expansion';
import { cjkRuns } from './cjk-segments';
import { searchLanguageOf } from '../../../common/languages/search-languages';

/** One word of a text part as the search indexes it. */
export interface PartLexeme {
  /** 1-based index of the part. */
  part: number;
  /** The word as written (after search_text()). */
  token: string;
  /** Its pds_search lexeme (stemmed, accents folded). */
  lexeme: string;
  /** On its language's stop-word list: indexed, but a query ignores it unless it carries meaning there. */
  stop: boolean;
  /** The language (primary subtag) it was read in: the first reading language whose lexeme the catalog has, else the first. */
  language: string;
}

/** A query is read in at most this many languages (each costs a stemming of every word and vocabulary probes). */
export const MAX_READING_LANGUAGES = 4;

/** One word of a part as each reading language reads it (lexemesOf's rows before the choice). */
interface WordInLanguage extends PartLexeme {
  ord: number;
  /** The language's rank among the reading languages (0: first). */
  rank: number;
  known: boolean;
}

/** A compound's two parts: their lexemes, and the letters of the word each was cut from. */
export interface CompoundParts {
  left: string;
  right: string;
  leftWord: string;
  rightWord: string;
}

/** A query word to look up: its lexeme, the edits a correction may make (-1: a phrase), whether it is a prefix. */
export interface LookedWord {
  lexeme: string;
  edits: number;
  prefix: boolean;
  /** The word (or phrase) as a tsquery operand, for the description check. */
  exact: string;
  /** Read in a language that writes compounds: the vocabulary's compounds ending in it are looked up (`heads`). */
  compound?: boolean;
}

export interface WordInfo {
  /** In the vocabulary: the catalog has the word in a title, brand, category, attribute or tag. */
  strong: boolean;
  /** Not in the vocabulary but in some product's description (a phrase: anywhere). */
  weak: boolean;
  /** For the last word: the vocabulary's longer words that start with it (at most `completions`). */
  completions: string[];
  /** Vocabulary words within one Levenshtein edit more than allowed, with that distance. */
  candidates: Array<{ word: string; edits: number }>;
  splits: Array<{ left: string; right: string }>;
  /** A compounding language's word: the vocabulary's longer words ending in it ("tass" → kaffeetass), shortest first. */
  heads: string[];
}

export interface LookUpBounds {
  /** Words of at least this many characters the catalog lacks are tried as two words written together. */
  splitFromLength: number;
  completions: number;
  /** Words the catalog lacks that are tried for typos and splits (each costs a trigram scan of the vocabulary). */
  correctedWords: number;
  /** Compounds ending in a word, at most (a trigram scan of the vocabulary per compounding word). */
  heads: number;
}

/**
 * The query analyzer's reads of one organization's vocabulary, synonyms and search index (search
 * SQL lives in repositories; the analyzer keeps the rules). Each method is one statement.
 */
@Injectable()
export class QueryWordsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Each part's words as lexemes, in order, normalised exactly as product text is (search_text(),
   * search_fold() and the language's configuration, migration 1795860000000), stop words included
   * and flagged. Each word is read in every reading language (`languages`, the caller's first, then
   * the organization's default and its products' own) and kept in the first one whose lexemes the
   * organization's vocabulary has, else in the first that lists it as a stop word, else in the
   * first: "taschen" is German `tasch` in a German catalog, English `taschen` in an English one.
   * Also answers the languages the words were read in.
   */
  async lexemesOf(organizationId: string, parts: string[], languages: string[]): Promise<{ words: PartLexeme[]; languages: string[] }> {
    const rows: WordInLanguage[] = await this.dataSource.query(
      `WITH langs AS (
         SELECT DISTINCT ON (search_language_config(l.language)) l.language, l.rank
           FROM (SELECT lower(split_part(x.language, '-', 1)) AS language, x.i AS rank
                   FROM unnest($3::text[]) WITH ORDINALITY AS x(language, i)
                 UNION ALL SELECT lower(split_part(o.language, '-', 1)), 1000 FROM organizations o WHERE o.id = $1
                 UNION ALL SELECT c.language, 2000 FROM catalog_languages c WHERE c.organization_id = $1) l
          ORDER BY search_language_config(l.language), l.rank
       ), ranked AS (
         SELECT language, (row_number() OVER (ORDER BY rank) - 1)::int AS rank FROM langs ORDER BY rank LIMIT $4
       ), words AS MATERIALIZED (
         SELECT part.i::int AS part, t.ord::int AS ord, t.token, r.language, r.rank, lexeme,
                to_tsvector(search_language_stop_config(r.language), lower(t.token)) = ''::tsvector AS stop
           FROM unnest($2::text[]) WITH ORDINALITY AS part(text, i)
          CROSS JOIN LATERAL ts_parse('default', search_text(part.text)) WITH ORDINALITY AS t(tokid, token, ord)
          CROSS JOIN ranked r
          -- A query's unspaced runs arrive cut into words (cjk-segments.ts): not cut again here.
          CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector(search_language_config(r.language),
                       CASE WHEN search_language_folding(r.language) = 'segment' THEN t.token ELSE search_fold(t.token, r.language) END))) AS lexeme
       )
       SELECT w.*, k.word IS NOT NULL AS known
         FROM words w LEFT JOIN search_vocabulary_known($1, ARRAY(SELECT DISTINCT lexeme FROM words)) AS k(word) ON k.word = w.lexeme
        ORDER BY w.part, w.ord, w.rank, w.lexeme`,
      [organizationId, parts, languages, MAX_READING_LANGUAGES],
    );
    return { words: chooseLanguages(rows), languages: [...new Set(rows.map((r) => r.language))] };
  }

  /**
   * Whether each word is in the vocabulary (and strong), its completions, its correction candidates
   * and splits; and the organization's synonym rules unless `synonymsAt` is still their version.
   */
  async lookUp(
    organizationId: string,
    looked: LookedWord[],
    bounds: LookUpBounds,
    synonymsAt: string | null,
  ): Promise<{ words: WordInfo[]; synonymsAt: string | null; synonyms: SynonymExpansion[] | null }> {
    const [row]: Array<{ words: WordInfo[] | null; synonyms_at: string | null; synonyms: SynonymExpansion[] | null }> =
      await this.dataSource.query(
        `WITH w AS (
         SELECT w.*, k.word AS known,
                count(*) FILTER (WHERE k.word IS NULL AND w.edits >= 0) OVER (ORDER BY w.i) AS missing_rank
           FROM unnest($2::text[], $3::int[], $4::bool[], $6::text[], $11::bool[]) WITH ORDINALITY AS w(lexeme, edits, prefix, exact, compound, i)
           LEFT JOIN search_vocabulary_known($1, $2::text[]) AS k(word) ON k.word = w.lexeme
       )
       SELECT s.updated_at::text AS synonyms_at,
              CASE WHEN s.updated_at::text IS DISTINCT FROM $9 THEN s.expansions END AS synonyms,
              (SELECT json_agg(json_build_object(
                        'strong', w.known IS NOT NULL,
                        'weak', w.known IS NULL AND product_search_contains($1, CAST(w.exact AS tsquery)),
                        'completions', CASE WHEN w.prefix AND w.known IS NULL THEN
                          (SELECT coalesce(json_agg(c.word ORDER BY length(c.word), c.word), '[]') FROM (
                             SELECT p.word FROM search_vocabulary p
                              WHERE p.organization_id = $1 AND p.word > w.lexeme AND p.word < w.lexeme || chr(1114111)
                              ORDER BY length(p.word), p.word LIMIT $7) c) ELSE '[]' END,
                        'candidates', CASE WHEN w.known IS NULL AND w.edits > 0 AND w.missing_rank <= $8 THEN
                          (SELECT coalesce(json_agg(json_build_object('word', c.word, 'edits', c.edits)), '[]')
                             FROM search_correction_candidates($1, w.lexeme, w.edits) c) ELSE '[]' END,
                        'splits', CASE WHEN w.known IS NULL AND w.edits >= 0 AND w.missing_rank <= $8 AND length(w.lexeme) >= $5 THEN
                          (SELECT coalesce(json_agg(s), '[]') FROM (
                             SELECT left(w.lexeme, cut) AS left, substr(w.lexeme, cut + 1) AS right
                               FROM generate_series(1, length(w.lexeme) - 1) AS cut
                              WHERE left(w.lexeme, cut) IN (SELECT search_vocabulary_known($1, ARRAY(
                                      SELECT left(w.lexeme, c) FROM generate_series(1, length(w.lexeme) - 1) AS c)))
                                AND substr(w.lexeme, cut + 1) IN (SELECT search_vocabulary_known($1, ARRAY(
                                      SELECT substr(w.lexeme, c + 1) FROM generate_series(1, length(w.lexeme) - 1) AS c)))
                              ORDER BY least(cut, length(w.lexeme) - cut) DESC LIMIT 2) s) ELSE '[]' END,
                        'heads', CASE WHEN w.compound AND w.edits >= 0 AND length(w.lexeme) >= 3 THEN
                          (SELECT coalesce(json_agg(h.word ORDER BY length(h.word), h.word), '[]') FROM (
                             SELECT p.word FROM search_vocabulary p
                              WHERE p.organization_id = $1
                                AND p.word LIKE '%' || replace(replace(replace(w.lexeme, '\\', '\\\\'), '%', '\\%'), '_', '\\_')
                                AND length(p.word) >= length(w.lexeme) + 3
                              ORDER BY length(p.word), p.word LIMIT $10) h) ELSE '[]' END
                      ) ORDER BY w.i)
                 FROM w) AS words
         FROM (SELECT 1) one LEFT JOIN catalog_synonyms s ON s.organization_id = $1`,
        [
          organizationId,
          looked.map((w) => w.lexeme),
          looked.map((w) => w.edits),
          looked.map((w) => w.prefix),
          bounds.splitFromLength,
          looked.map((w) => w.exact),
          bounds.completions,
          bounds.correctedWords,
          synonymsAt,
          bounds.heads,
          looked.map((w) => w.compound === true),
        ],
      );
    return { words: row.words ?? [], synonymsAt: row.synonyms_at, synonyms: row.synonyms };
  }

  /**
   * Each word (of a compounding language, one the catalog has nowhere) as two words of the catalog
   * written together: its letters cut in two (each part 3+ letters; a linking `s` between them may
   * be dropped: Arbeitstasche = Arbeit + Tasche), both parts' lexemes in the vocabulary, the longest
   * second part (the head) first. Null for a word no cut reads so. One statement.
   */
  async compoundParts(organizationId: string, words: Array<{ token: string; language: string }>): Promise<Array<CompoundParts | null>> {
    const rows: Array<{ i: number } & CompoundParts> = await this.dataSource.query(
      `SELECT DISTINCT ON (w.i) w.i::int AS i, l.lexeme AS left, r.lexeme AS right,
              lp.part AS "leftWord", substr(w.token, cut + 1) AS "rightWord"
         FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS w(token, language, i)
        CROSS JOIN LATERAL generate_series(3, length(w.token) - 3) AS cut
        CROSS JOIN LATERAL (VALUES (left(w.token, cut)), (CASE WHEN right(left(w.token, cut), 1) = 's' AND cut > 3 THEN left(w.token, cut - 1) END))
                           AS lp(part)
        CROSS JOIN LATERAL (SELECT (tsvector_to_array(to_tsvector(search_language_config(w.language), search_fold(lp.part, w.language))))[1] AS lexeme) l
        CROSS JOIN LATERAL (SELECT (tsvector_to_array(to_tsvector(search_language_config(w.language),
                                    search_fold(substr(w.token, cut + 1), w.language))))[1] AS lexeme) r
        WHERE lp.part IS NOT NULL
          AND EXISTS (SELECT 1 FROM search_vocabulary v WHERE v.organization_id = $1 AND v.word = l.lexeme)
          AND EXISTS (SELECT 1 FROM search_vocabulary v WHERE v.organization_id = $1 AND v.word = r.lexeme)
        ORDER BY w.i, length(w.token) - cut DESC, length(lp.part) DESC`,
      [organizationId, words.map((w) => w.token.toLowerCase()), words.map((w) => w.language)],
    );
    const found = new Map(rows.map(({ i, ...parts }) => [i, parts]));
    return words.map((_, k) => found.get(k + 1) ?? null);
  }

  /**
   * How many of the organization's products match each tsquery, each counted up to `cap` (a
   * bounded read of the search index: a word thousands of products have costs `cap` rows).
   */
  async productCounts(organizationId: string, queries: string[], cap: number): Promise<number[]> {
    const rows: Array<{ n: number }> = await this.dataSource.query(
      `SELECT (SELECT count(*) FROM (SELECT 1 FROM product_search s
                 WHERE s.organization_id = $1 AND s.search @@ CAST(q.query AS tsquery) LIMIT $3) c)::int AS n
         FROM unnest($2::text[]) WITH ORDINALITY AS q(query, i)
        ORDER BY q.i`,
      [organizationId, queries, cap],
    );
    return rows.map((r) => r.n);
  }

  /** The forms (word i's everyday words) all of whose lexemes the organization's vocabulary has, with those lexemes. */
  everydayFormsKnown(
    organizationId: string,
    forms: Array<{ i: number; form: string }>,
  ): Promise<Array<{ i: number; form: string; lexemes: string[] }>> {
    return this.dataSource.query(
      `WITH l AS MATERIALIZED (
         SELECT f.i, f.form, f.n, t.ord, l.lexeme
           FROM unnest($2::int[], $3::text[]) WITH ORDINALITY AS f(i, form, n)
          CROSS JOIN LATERAL ts_parse('default', search_text(f.form)) WITH ORDINALITY AS t(tokid, token, ord)
          CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('pds_search'::regconfig, t.token))) AS l(lexeme)
       )
       SELECT l.i::int AS i, l.form, array_agg(l.lexeme ORDER BY l.ord) AS lexemes
         FROM l LEFT JOIN search_vocabulary_known($1, ARRAY(SELECT DISTINCT lexeme FROM l)) AS k(word) ON k.word = l.lexeme
        GROUP BY l.i, l.form, l.n
       HAVING bool_and(k.word IS NOT NULL)
        ORDER BY l.n`,
      [organizationId, forms.map((f) => f.i), forms.map((f) => f.form)],
    );
  }
}

/** Per word (part, ord): the lexemes of the first language whose lexemes are all known, else that stops it, else of the first. */
function chooseLanguages(rows: WordInLanguage[]): PartLexeme[] {
  const out: PartLexeme[] = [];
  for (let at = 0; at < rows.length;) {
    let end = at;
    while (end < rows.length && rows[end].part === rows[at].part && rows[end].ord === rows[at].ord) end++;
    const word = rows.slice(at, end);
    // Unspaced script reads alike in every language: said to be read in one that writes it, when one is read.
    const unspaced = cjkRuns(rows[at].token).length > 0;
    const writes = (rank: number) => unspaced && searchLanguageOf(word.find((r) => r.rank === rank)!.language)?.folding === 'segment';
    const ranks = [...new Set(word.map((r) => r.rank))].sort((a, b) => Number(writes(b)) - Number(writes(a)) || a - b);
    const inRank = (rank: number) => word.filter((r) => r.rank === rank);
    const chosen =
      ranks.find((rank) => inRank(rank).every((r) => r.known)) ?? ranks.find((rank) => inRank(rank).every((r) => r.stop)) ?? ranks[0];
    for (const r of inRank(chosen)) out.push({ part: r.part, token: r.token, lexeme: r.lexeme, stop: r.stop, language: r.language });
    at = end;
  }
  return out;
}
