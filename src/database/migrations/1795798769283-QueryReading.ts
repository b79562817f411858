import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reading a query as a shopper means it (docs/search.md "How a query is read"):
 *
 * - `pds_search` keeps stop words: English stemming without the stop-word list (`pds_english_stem`),
 *   so "on-ear" and "over-ear", "watering can", a size "S" and the phrase "bag of chips" are in the
 *   vectors. The query analyzer decides which stop words a query means (the rest are ignored, as
 *   before), never the index.
 * - Attribute values go through `search_text()` like titles (`256GB` = `256 GB`): strings and
 *   numbers, booleans left out as jsonb_to_tsvector did.
 * - `product_search.codes`: the product's id, MPN and GTIN, normalised (`product_search_codes`) and
 *   indexed leading with the organization, for the exact "code first" lookup.
 *
 * Every product is listed for indexing again (as migration 1764300600000 did): old vectors keep
 * answering until the worker rewrites them.
 */
const SEARCH_VECTOR = `
  setweight(to_tsvector('pds_search'::regconfig, search_text(coalesce(data->>'title', ''))), 'A') ||
  setweight(to_tsvector('pds_search'::regconfig, search_text(coalesce(data->>'brand', ''))), 'B') ||
  setweight(jsonb_to_tsvector('pds_search'::regconfig, coalesce(data->'categories', '[]'::jsonb), '["string"]'), 'B') ||
  setweight(to_tsvector('pds_search'::regconfig, product_attribute_text(data)), 'B') ||
  setweight(jsonb_to_tsvector('pds_search'::regconfig, coalesce(data->'tags', '[]'::jsonb), '["string"]'), 'C') ||
  setweight(to_tsvector('pds_search'::regconfig, search_text(coalesce(data->>'description', ''))), 'D')`;

const PREVIOUS_VECTOR = `
  setweight(to_tsvector('pds_search'::regconfig, search_text(coalesce(data->>'title', ''))), 'A') ||
  setweight(to_tsvector('pds_search'::regconfig, search_text(coalesce(data->>'brand', ''))), 'B') ||
  setweight(jsonb_to_tsvector('pds_search'::regconfig, coalesce(data->'categories', '[]'::jsonb), '["string"]'), 'B') ||
  setweight(jsonb_to_tsvector('pds_search'::regconfig, coalesce(data->'attributes', '{}'::jsonb), '["string", "numeric"]'), 'B') ||
  setweight(jsonb_to_tsvector('pds_search'::regconfig, coalesce(data->'tags', '[]'::jsonb), '["string"]'), 'C') ||
  setweight(to_tsvector('pds_search'::regconfig, search_text(coalesce(data->>'description', ''))), 'D')`;

export class QueryReading1795798769283 implements MigrationInterface {
  name = 'QueryReading1795798769283';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TEXT SEARCH DICTIONARY pds_english_stem (TEMPLATE = snowball, Language = english)`);
    await q.query(`ALTER TEXT SEARCH CONFIGURATION pds_search ALTER MAPPING FOR word, hword, hword_part WITH unaccent, pds_english_stem`);
    await q.query(
      `ALTER TEXT SEARCH CONFIGURATION pds_search ALTER MAPPING FOR asciiword, asciihword, hword_asciipart WITH pds_english_stem`,
    );
    // One text per product's attribute values (strings and numbers), separated so values stay apart in phrases.
    await q.query(`
      CREATE FUNCTION product_attribute_text(data jsonb) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT coalesce(string_agg(search_text(a.value #>> '{}'), ' , '), '')
                FROM jsonb_each(CASE WHEN jsonb_typeof(data->'attributes') = 'object' THEN data->'attributes' ELSE '{}' END) a
               WHERE jsonb_typeof(a.value) IN ('string', 'number') $$`);
    // A code's normal form: letters and digits only, lower-cased; a digits-only code also without its
    // leading zeros (a GTIN-12 and its GTIN-13/14 forms are one code).
    await q.query(`
      CREATE FUNCTION search_code_forms(code text) RETURNS text[]
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT CASE WHEN n = '' THEN '{}'::text[]
                          WHEN n ~ '^[0-9]+$' THEN ARRAY[n, ltrim(n, '0')]
                          ELSE ARRAY[n] END
                FROM (SELECT lower(regexp_replace(code, '[^[:alnum:]]', '', 'g')) AS n) c $$`);
    await q.query(`
      CREATE FUNCTION product_search_codes(product_id text, data jsonb) RETURNS text[]
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        AS $$ SELECT coalesce(array_agg(DISTINCT f), '{}') FROM unnest(
                search_code_forms(product_id) || coalesce(search_code_forms(data->>'mpn'), '{}') || coalesce(search_code_forms(data->>'gtin'), '{}')) f $$`);
    await q.query(`
      CREATE OR REPLACE FUNCTION product_search_vector(data jsonb) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ${SEARCH_VECTOR} $$`);
    // Candidates for a Damerau-Levenshtein correction: a transposition is two Levenshtein edits, so
    // candidates are read one edit wider and the analyzer keeps those within its limit (damerau.ts).
    await q.query(`
      CREATE FUNCTION search_correction_candidates(org uuid, w text, max_edits int) RETURNS TABLE (word text, edits int)
        LANGUAGE sql STABLE PARALLEL SAFE
        SET pg_trgm.similarity_threshold = 0.15
        AS $$
          SELECT n.word, n.edits FROM (
            SELECT v.word, levenshtein_less_equal(v.word, w, max_edits + 1) AS edits
              FROM search_vocabulary v
             WHERE v.organization_id = org AND v.word % w AND abs(length(v.word) - length(w)) <= max_edits
          ) n
           WHERE n.edits <= max_edits + 1
           ORDER BY n.edits, n.word
           LIMIT 12
        $$`);
    await q.query(`ALTER TABLE product_search ADD COLUMN codes text[] NOT NULL DEFAULT '{}'`);
    await q.query(`CREATE INDEX product_search_codes_idx ON product_search USING GIN (organization_id, codes)`);
    await q.query(`INSERT INTO product_search_pending (organization_id, product_id) SELECT organization_id, product_id FROM products`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX product_search_codes_idx`);
    await q.query(`ALTER TABLE product_search DROP COLUMN codes`);
    await q.query(`
      CREATE OR REPLACE FUNCTION product_search_vector(data jsonb) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ${PREVIOUS_VECTOR} $$`);
    await q.query(`DROP FUNCTION search_correction_candidates(uuid, text, int)`);
    await q.query(`DROP FUNCTION product_search_codes(text, jsonb)`);
    await q.query(`DROP FUNCTION search_code_forms(text)`);
    await q.query(`DROP FUNCTION product_attribute_text(jsonb)`);
    await q.query(`ALTER TEXT SEARCH CONFIGURATION pds_search ALTER MAPPING FOR word, hword, hword_part WITH unaccent, english_stem`);
    await q.query(`ALTER TEXT SEARCH CONFIGURATION pds_search ALTER MAPPING FOR asciiword, asciihword, hword_asciipart WITH english_stem`);
    await q.query(`DROP TEXT SEARCH DICTIONARY pds_english_stem`);
    await q.query(`INSERT INTO product_search_pending (organization_id, product_id) SELECT organization_id, product_id FROM products`);
  }
}
