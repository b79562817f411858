import type { DataSource } from 'typeorm';

/** One word of a text part as the search indexes it. */
export interface PartLexeme {
  /** 1-based index of the part. */
  part: number;
  /** The word as written (after search_text()). */
  token: string;
  /** Its pds_search lexeme (stemmed, accents folded). */
  lexeme: string;
  /** On the English stop-word list: indexed, but a query ignores it unless it carries meaning there. */
  stop: boolean;
}

/**
 * Each part's words as pds_search lexemes, in order, normalised exactly as product text is
 * (search_text(), then the configuration's parser and dictionaries), stop words included and
 * flagged. One statement for every part.
 */
export function lexemesOf(dataSource: DataSource, parts: string[]): Promise<PartLexeme[]> {
  return dataSource.query(
    `SELECT part.i::int AS part, t.token, lexeme, coalesce(ts_lexize('english_stem', lower(t.token)) = '{}', false) AS stop
       FROM unnest($1::text[]) WITH ORDINALITY AS part(text, i)
      CROSS JOIN LATERAL ts_parse('default', search_text(part.text)) WITH ORDINALITY AS t(tokid, token, ord)
      CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('pds_search'::regconfig, t.token))) AS lexeme
      ORDER BY part.i, t.ord`,
    [parts],
  );
}
