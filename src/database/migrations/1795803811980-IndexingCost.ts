import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Gives back the indexing throughput migration 1795798769283 cost (docs/performance.md "Time to
 * searchable after the query-reading change"):
 *
 * - `product_search_codes()` in PL/pgSQL: the same set of codes, about 10× cheaper per product than
 *   the SQL function over `unnest`, `array_agg(DISTINCT)` and three `search_code_forms()` calls
 *   (3.6 s of backend CPU for the 59,000-product bench catalog, the largest part of the loss). The
 *   array is a set (order and repeats do not matter to `&&`, the only way it is read).
 * - Descriptions are read with `pds_search_text`: the stemmer with the English stop-word list, as
 *   `pds_search` was before. A description holds most of a product's words and most of its stop
 *   words; the stop words a query means (docs/search.md "How a query is read") are matched in the
 *   describing fields. Trade-off (docs/decisions/stop-words-indexed.md): a phrase with a stop word
 *   that only a description holds no longer matches.
 *
 * Every product is listed for indexing again: old vectors keep answering until the worker rewrites them.
 */
const SEARCH_VECTOR = `
  setweight(to_tsvector('pds_search'::regconfig, search_text(coalesce(data->>'title', ''))), 'A') ||
  setweight(to_tsvector('pds_search'::regconfig, search_text(coalesce(data->>'brand', ''))), 'B') ||
  setweight(jsonb_to_tsvector('pds_search'::regconfig, coalesce(data->'categories', '[]'::jsonb), '["string"]'), 'B') ||
  setweight(to_tsvector('pds_search'::regconfig, product_attribute_text(data)), 'B') ||
  setweight(jsonb_to_tsvector('pds_search'::regconfig, coalesce(data->'tags', '[]'::jsonb), '["string"]'), 'C') ||
  setweight(to_tsvector('pds_search_text'::regconfig, search_text(coalesce(data->>'description', ''))), 'D')`;

const PREVIOUS_VECTOR = SEARCH_VECTOR.replace(`'pds_search_text'`, `'pds_search'`);

const PREVIOUS_CODES = `
  CREATE OR REPLACE FUNCTION product_search_codes(product_id text, data jsonb) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT coalesce(array_agg(DISTINCT f), '{}') FROM unnest(
            search_code_forms(product_id) || coalesce(search_code_forms(data->>'mpn'), '{}') || coalesce(search_code_forms(data->>'gtin'), '{}')) f $$`;

export class IndexingCost1795803811980 implements MigrationInterface {
  name = 'IndexingCost1795803811980';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TEXT SEARCH CONFIGURATION pds_search_text (COPY = english)`);
    await q.query(`ALTER TEXT SEARCH CONFIGURATION pds_search_text ALTER MAPPING FOR word, hword, hword_part WITH unaccent, english_stem`);
    // The forms of search_code_forms() (letters and digits lower-cased; digits also without leading zeros), each once.
    await q.query(`
      CREATE OR REPLACE FUNCTION product_search_codes(product_id text, data jsonb) RETURNS text[]
        LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
        DECLARE
          code text;
          n text;
          forms text[] := '{}';
        BEGIN
          FOREACH code IN ARRAY ARRAY[product_id, data->>'mpn', data->>'gtin'] LOOP
            CONTINUE WHEN code IS NULL;
            n := lower(regexp_replace(code, '[^[:alnum:]]', '', 'g'));
            CONTINUE WHEN n = '';
            IF NOT n = ANY (forms) THEN forms := forms || n; END IF;
            IF n ~ '^[0-9]+$' THEN
              n := ltrim(n, '0');
              IF NOT n = ANY (forms) THEN forms := forms || n; END IF;
            END IF;
          END LOOP;
          RETURN forms;
        END $$`);
    await q.query(`
      CREATE OR REPLACE FUNCTION product_search_vector(data jsonb) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ${SEARCH_VECTOR} $$`);
    await q.query(`INSERT INTO product_search_pending (organization_id, product_id) SELECT organization_id, product_id FROM products`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION product_search_vector(data jsonb) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ${PREVIOUS_VECTOR} $$`);
    await q.query(PREVIOUS_CODES);
    await q.query(`DROP TEXT SEARCH CONFIGURATION pds_search_text`);
    await q.query(`INSERT INTO product_search_pending (organization_id, product_id) SELECT organization_id, product_id FROM products`);
  }
}
