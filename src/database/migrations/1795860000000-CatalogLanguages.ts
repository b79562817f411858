import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Catalogs in their merchants' languages (docs/search.md "Languages"):
 *
 * - `organizations.language` (the catalog's default, `en` until set), `import_jobs.language` (an
 *   upload's `language`), `products.language` (the language of the last import that named one, for
 *   a product whose document names none), and `catalog_languages`: the languages the
 *   organization's products are in besides the default, kept by the indexer, so a query is read in each.
 * - Per Snowball language PostgreSQL ships: `pds_search_<language>` (its stemmer without stop
 *   words, accents folded first, as `pds_search` for English) and `pds_search_text_<language>`
 *   (with its stop words, for descriptions, as `pds_search_text`). `pds_search_simple` reads any
 *   other language: lower-cased and accents folded, never stemmed.
 * - `search_fold(text, language)`: German folds umlauts and their two-letter spellings alike
 *   (Elasticsearch's german_normalization: München, Muenchen, Munchen → munchen; ß → ss); Japanese,
 *   Chinese and Korean text is put in NFKC form (half-width kana, full-width Latin) and its runs
 *   are cut into overlapping two-character words, each Han character also alone (src/common/languages/segments.ts does the same for queries; a spec pins them together).
 * - `product_search_vector(data, language)`: the vector in the product's language. English reads
 *   every field exactly as before, so existing catalogs keep their vectors (nothing is re-indexed).
 */
const SNOWBALL: Array<[string, string]> = [
  ['ar', 'arabic'],
  ['hy', 'armenian'],
  ['eu', 'basque'],
  ['ca', 'catalan'],
  ['da', 'danish'],
  ['nl', 'dutch'],
  ['fi', 'finnish'],
  ['fr', 'french'],
  ['de', 'german'],
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
];
/** product_search_vector(data) as migration 1795803811980 left it, for down. */
const ENGLISH_VECTOR = `
  setweight(to_tsvector('pds_search'::regconfig, search_text(coalesce(data->>'title', ''))), 'A') ||
  setweight(to_tsvector('pds_search'::regconfig, search_text(coalesce(data->>'brand', ''))), 'B') ||
  setweight(jsonb_to_tsvector('pds_search'::regconfig, coalesce(data->'categories', '[]'::jsonb), '["string"]'), 'B') ||
  setweight(to_tsvector('pds_search'::regconfig, product_attribute_text(data)), 'B') ||
  setweight(jsonb_to_tsvector('pds_search'::regconfig, coalesce(data->'tags', '[]'::jsonb), '["string"]'), 'C') ||
  setweight(to_tsvector('pds_search_text'::regconfig, search_text(coalesce(data->>'description', ''))), 'D')`;
const STEMMERS = [...new Set(SNOWBALL.map(([, name]) => name))];
const SEGMENTED = ['ja', 'zh', 'ko'];

/** Hiragana, katakana (full and half width), CJK ideographs (with extension A and compatibility), Hangul syllables. */
const CJK = '\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uff66-\\uff9f\\uac00-\\ud7af';
const HAN = '\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff';

const PRIMARY = `lower(split_part(coalesce(language, 'en'), '-', 1))`;
const configCase = (configOf: (snowball: string) => string, english: string, otherwise: string) => `
  SELECT CASE ${PRIMARY}
    WHEN 'en' THEN '${english}'::regconfig
    ${SNOWBALL.map(([code, name]) => `WHEN '${code}' THEN '${configOf(name)}'::regconfig`).join('\n    ')}
    ELSE '${otherwise}'::regconfig END`;

/**
 * A list's strings as one text: its JSON with every escape blanked (the parser takes brackets,
 * quotes and commas for spaces). No subquery, so the functions below stay inlinable: an
 * ARRAY(SELECT jsonb_array_elements_text(…)) made a German product's vector cost 3× an English one's.
 */
const LIST_TEXT = `regexp_replace(list::text, '\\\\(?:u[0-9a-fA-F]{4}|.)', ' ', 'g')`;

export class CatalogLanguages1795860000000 implements MigrationInterface {
  name = 'CatalogLanguages1795860000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE organizations ADD COLUMN language text NOT NULL DEFAULT 'en'`);
    await q.query(`ALTER TABLE import_jobs ADD COLUMN language text`);
    // The language of the last import that named one, for a product that names none (no rewrite: nullable, no default).
    await q.query(`ALTER TABLE products ADD COLUMN language text`);
    await q.query(`
      CREATE TABLE catalog_languages (
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        language text NOT NULL,
        PRIMARY KEY (organization_id, language)
      )`);
    await q.query(`
      INSERT INTO catalog_languages (organization_id, language)
      SELECT DISTINCT organization_id, lower(split_part(data->>'language', '-', 1)) FROM products WHERE data ? 'language'`);

    for (const name of STEMMERS) {
      await q.query(`CREATE TEXT SEARCH DICTIONARY pds_${name}_stem (TEMPLATE = snowball, Language = ${name})`);
      await q.query(`CREATE TEXT SEARCH CONFIGURATION pds_search_${name} (COPY = ${name})`);
      await q.query(
        `ALTER TEXT SEARCH CONFIGURATION pds_search_${name} ALTER MAPPING FOR word, hword, hword_part WITH unaccent, pds_${name}_stem`,
      );
      await q.query(
        `ALTER TEXT SEARCH CONFIGURATION pds_search_${name} ALTER MAPPING FOR asciiword, asciihword, hword_asciipart WITH pds_${name}_stem`,
      );
      await q.query(`CREATE TEXT SEARCH CONFIGURATION pds_search_text_${name} (COPY = ${name})`);
      await q.query(
        `ALTER TEXT SEARCH CONFIGURATION pds_search_text_${name} ALTER MAPPING FOR word, hword, hword_part WITH unaccent, ${name}_stem`,
      );
    }
    await q.query(`CREATE TEXT SEARCH CONFIGURATION pds_search_simple (COPY = simple)`);
    await q.query(`ALTER TEXT SEARCH CONFIGURATION pds_search_simple ALTER MAPPING FOR word, hword, hword_part WITH unaccent, simple`);

    await q.query(`
      CREATE FUNCTION search_language_config(language text) RETURNS regconfig
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ ${configCase((name) => `pds_search_${name}`, 'pds_search', 'pds_search_simple')} $$`);
    await q.query(`
      CREATE FUNCTION search_language_text_config(language text) RETURNS regconfig
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ ${configCase((name) => `pds_search_text_${name}`, 'pds_search_text', 'pds_search_simple')} $$`);
    // The language's own stop-word list, read on the word as written (folding would hide für, über).
    await q.query(`
      CREATE FUNCTION search_language_stop_config(language text) RETURNS regconfig
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ ${configCase((name) => name, 'english', 'simple')} $$`);
    await q.query(`
      CREATE FUNCTION search_language_folding(language text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT CASE WHEN ${PRIMARY} = 'de' THEN 'german'
                          WHEN ${PRIMARY} IN (${SEGMENTED.map((c) => `'${c}'`).join(', ')}) THEN 'segment'
                          ELSE 'none' END $$`);
    // A run of two characters or more as its overlapping pairs, then each Han character alone.
    await q.query(`
      CREATE FUNCTION search_bigrams(run text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT CASE WHEN length(run) < 2 THEN run ELSE
                (SELECT string_agg(substr(run, i, 2), ' ' ORDER BY i) FROM generate_series(1, length(run) - 1) AS i)
                || regexp_replace(regexp_replace(run, '[^${HAN}]', '', 'g'), '(.)', ' \\1', 'g') END $$`);
    await q.query(`
      CREATE FUNCTION search_segments(t text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT CASE WHEN t !~ '[${CJK}]' THEN t ELSE
                (SELECT string_agg(CASE WHEN r.m[1] ~ '^[${CJK}]' THEN search_bigrams(r.m[1]) ELSE r.m[1] END, ' ' ORDER BY r.n)
                   FROM regexp_matches(t, '[${CJK}]+|[^${CJK}]+', 'g') WITH ORDINALITY AS r(m, n)) END $$`);
    // ae, oe, ue (not after q) as the vowel alone, in one pass; umlauts and ß are folded by the
    // configuration's unaccent after it (Mäntel → Mantel, Fußball → Fussball), case by its parser.
    await q.query(`
      CREATE FUNCTION search_german_fold(t text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT regexp_replace(t, '([ao]|(?<!q)u)e', '\\1', 'gi') $$`);
    await q.query(`
      CREATE FUNCTION search_fold(t text, language text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT CASE search_language_folding(language)
                       WHEN 'german' THEN search_german_fold(t)
                       WHEN 'segment' THEN search_segments(normalize(t, NFKC))
                       ELSE t END $$`);
    // The parts of a product's vector, each in its language: the indexer (search-row-sql.ts) builds
    // the same vector from them, computing the parts products share once per chunk. Categories and
    // tags are short names: German reads their umlauts folded (the configuration's unaccent) but not
    // their two-letter spellings, which cost its indexing a tenth more (docs/performance.md).
    // Unspaced scripts must be cut into words there too.
    await q.query(`
      CREATE FUNCTION search_words_vector(t text, language text) RETURNS tsvector
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT to_tsvector(search_language_config(language), search_fold(t, language)) $$`);
    await q.query(`
      CREATE FUNCTION search_list_vector(list jsonb, language text) RETURNS tsvector
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT CASE WHEN search_language_folding(language) <> 'segment'
                          THEN jsonb_to_tsvector(search_language_config(language), list, '["string"]')
                          ELSE to_tsvector(search_language_config(language), search_fold(${LIST_TEXT}, language)) END $$`);
    await q.query(`
      CREATE FUNCTION search_description_vector(t text, language text) RETURNS tsvector
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT to_tsvector(search_language_text_config(language), search_fold(t, language)) $$`);
    await q.query(`
      CREATE FUNCTION product_search_vector(data jsonb, language text) RETURNS tsvector
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT
          setweight(search_words_vector(search_text(coalesce(data->>'title', '')), language), 'A') ||
          setweight(search_words_vector(search_text(coalesce(data->>'brand', '')), language), 'B') ||
          setweight(search_list_vector(coalesce(data->'categories', '[]'::jsonb), language), 'B') ||
          setweight(search_words_vector(product_attribute_text(data), language), 'B') ||
          setweight(search_list_vector(coalesce(data->'tags', '[]'::jsonb), language), 'C') ||
          setweight(search_description_vector(search_text(coalesce(data->>'description', '')), language), 'D') $$`);
    await q.query(`DROP FUNCTION product_search_vector(jsonb)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION product_search_vector(data jsonb) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ${ENGLISH_VECTOR} $$`);
    await q.query(`DROP FUNCTION product_search_vector(jsonb, text)`);
    for (const f of ['search_description_vector(text, text)', 'search_list_vector(jsonb, text)', 'search_words_vector(text, text)']) {
      await q.query(`DROP FUNCTION ${f}`);
    }
    for (const f of ['search_fold(text, text)', 'search_german_fold(text)', 'search_segments(text)', 'search_bigrams(text)']) {
      await q.query(`DROP FUNCTION ${f}`);
    }
    for (const f of [
      'search_language_folding(text)',
      'search_language_stop_config(text)',
      'search_language_text_config(text)',
      'search_language_config(text)',
    ]) {
      await q.query(`DROP FUNCTION ${f}`);
    }
    await q.query(`DROP TEXT SEARCH CONFIGURATION pds_search_simple`);
    for (const name of STEMMERS) {
      await q.query(`DROP TEXT SEARCH CONFIGURATION pds_search_text_${name}`);
      await q.query(`DROP TEXT SEARCH CONFIGURATION pds_search_${name}`);
      await q.query(`DROP TEXT SEARCH DICTIONARY pds_${name}_stem`);
    }
    await q.query(`DROP TABLE catalog_languages`);
    await q.query(`ALTER TABLE products DROP COLUMN language`);
    await q.query(`ALTER TABLE import_jobs DROP COLUMN language`);
    await q.query(`ALTER TABLE organizations DROP COLUMN language`);
    // Products indexed in another language are indexed in English again.
    await q.query(`
      INSERT INTO product_search_pending (organization_id, product_id)
      SELECT p.organization_id, p.product_id FROM products p JOIN organizations o ON o.id = p.organization_id
       WHERE p.data ? 'language' OR p.language IS NOT NULL ON CONFLICT DO NOTHING`);
  }
}
