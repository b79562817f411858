import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Forgiving search: the `pds_search` text search configuration (English stemming with accents
 * folded), `search_text()` (apostrophes, hyphens and numbers glued to units normalised the same way
 * on both sides), normalised attribute values for filters, a per-organization vocabulary (the
 * words of titles, brands, categories, attributes and tags) for typo and prefix matching, per-organization synonyms, and indexes that lead with the organization so a
 * tenant's search reads only its own postings. Every product is listed for indexing again, so the
 * worker rewrites each vector in the new form (old vectors keep answering until then).
 *
 * The four extensions are PostgreSQL contrib modules (Debian: part of postgresql-15); all are
 * trusted, so the database owner may create them. ensure-extensions.ts refuses to start with a
 * clear message when the server lacks one.
 */
/**
 * One product's search vector, field by field: title (A); brand, categories and attribute values
 * (B); tags (C); description (D). The search indexer computes the same vector in bulk
 * (search-row-sql.ts); a spec pins the two together.
 */
const SEARCH_VECTOR = `
  setweight(to_tsvector('pds_search'::regconfig, search_text(coalesce(data->>'title', ''))), 'A') ||
  setweight(to_tsvector('pds_search'::regconfig, search_text(coalesce(data->>'brand', ''))), 'B') ||
  setweight(jsonb_to_tsvector('pds_search'::regconfig, coalesce(data->'categories', '[]'::jsonb), '["string"]'), 'B') ||
  setweight(jsonb_to_tsvector('pds_search'::regconfig, coalesce(data->'attributes', '{}'::jsonb), '["string", "numeric"]'), 'B') ||
  setweight(jsonb_to_tsvector('pds_search'::regconfig, coalesce(data->'tags', '[]'::jsonb), '["string"]'), 'C') ||
  setweight(to_tsvector('pds_search'::regconfig, search_text(coalesce(data->>'description', ''))), 'D')`;

const ENGLISH_VECTOR = `
  setweight(to_tsvector('english'::regconfig, coalesce(data->>'title', '')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce(data->>'brand', '')), 'B') ||
  setweight(jsonb_to_tsvector('english'::regconfig, coalesce(data->'categories', '[]'::jsonb), '["string"]'), 'B') ||
  setweight(jsonb_to_tsvector('english'::regconfig, coalesce(data->'tags', '[]'::jsonb), '["string"]'), 'C') ||
  setweight(to_tsvector('english'::regconfig, coalesce(data->>'description', '')), 'D')`;

export class AgentSearch1764300600000 implements MigrationInterface {
  name = 'AgentSearch1764300600000';

  async up(q: QueryRunner): Promise<void> {
    for (const extension of ['unaccent', 'pg_trgm', 'btree_gin', 'fuzzystrmatch']) {
      await q.query(`CREATE EXTENSION IF NOT EXISTS ${extension}`);
    }
    await q.query(`CREATE TEXT SEARCH CONFIGURATION pds_search (COPY = english)`);
    // Words with non-ASCII letters go through unaccent first (crème → creme), then the stemmer.
    await q.query(`ALTER TEXT SEARCH CONFIGURATION pds_search ALTER MAPPING FOR word, hword, hword_part WITH unaccent, english_stem`);
    // Margie's → Margies, USB-C → USB C, non-slip → non slip, 750ml → 750 ml: the parser would
    // otherwise split or join these differently depending on how the user typed them.
    await q.query(`
      CREATE FUNCTION search_text(t text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        AS $$ SELECT regexp_replace(regexp_replace(regexp_replace(t,
                '([[:alpha:]])[''’ʼ\`](?=[[:alpha:]])', '\\1', 'g'),
                '([[:alnum:]])[-‐‑/](?=[[:alnum:]])', '\\1 ', 'g'),
                '([0-9])(?=[[:alpha:]])', '\\1 ', 'g') $$`);
    await q.query(`
      CREATE OR REPLACE FUNCTION product_search_vector(data jsonb) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ${SEARCH_VECTOR} $$`);

    await q.query(`ALTER TABLE product_search ADD COLUMN attributes jsonb`);
    await q.query(`DROP INDEX product_search_idx`);
    await q.query(`CREATE INDEX product_search_idx ON product_search USING GIN (organization_id, search)`);
    await q.query(
      `CREATE INDEX product_search_attributes_idx ON product_search USING GIN (organization_id, attributes jsonb_path_ops) WHERE attributes IS NOT NULL`,
    );

    await q.query(`
      CREATE TABLE search_vocabulary (
        organization_id uuid NOT NULL,
        word text COLLATE "C" NOT NULL,
        PRIMARY KEY (organization_id, word)
      )`);
    await q.query(`CREATE INDEX search_vocabulary_trgm_idx ON search_vocabulary USING GIN (organization_id, word gin_trgm_ops)`);
    // The nearest words of the vocabulary within max_edits (Levenshtein). The trigram index finds
    // the candidates; its threshold is low enough for one edit in five letters.
    await q.query(`
      CREATE FUNCTION search_corrections(org uuid, w text, max_edits int) RETURNS TABLE (word text)
        LANGUAGE sql STABLE PARALLEL SAFE
        SET pg_trgm.similarity_threshold = 0.15
        AS $$
          WITH near AS (
            SELECT v.word, levenshtein_less_equal(v.word, w, max_edits) AS edits
              FROM search_vocabulary v
             WHERE v.organization_id = org AND v.word % w AND abs(length(v.word) - length(w)) <= max_edits
          )
          SELECT word FROM near
           WHERE edits <= max_edits AND edits = (SELECT min(edits) FROM near)
           ORDER BY word
           LIMIT 3
        $$`);

    await q.query(`
      CREATE TABLE catalog_synonyms (
        organization_id uuid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
        rules jsonb NOT NULL,
        expansions jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE OR REPLACE FUNCTION delete_organization_products() RETURNS trigger
        LANGUAGE plpgsql
        AS $$
        BEGIN
          DELETE FROM product_search_pending WHERE organization_id = OLD.id;
          DELETE FROM products WHERE organization_id = OLD.id;
          DELETE FROM product_search WHERE organization_id = OLD.id;
          DELETE FROM search_vocabulary WHERE organization_id = OLD.id;
          RETURN OLD;
        END
        $$`);
    await q.query(`INSERT INTO product_search_pending (organization_id, product_id) SELECT organization_id, product_id FROM products`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION delete_organization_products() RETURNS trigger
        LANGUAGE plpgsql
        AS $$
        BEGIN
          DELETE FROM product_search_pending WHERE organization_id = OLD.id;
          DELETE FROM products WHERE organization_id = OLD.id;
          DELETE FROM product_search WHERE organization_id = OLD.id;
          RETURN OLD;
        END
        $$`);
    await q.query(`DROP TABLE catalog_synonyms`);
    await q.query(`DROP FUNCTION search_corrections(uuid, text, int)`);
    await q.query(`DROP TABLE search_vocabulary`);
    await q.query(`DROP INDEX product_search_attributes_idx`);
    await q.query(`DROP INDEX product_search_idx`);
    await q.query(`ALTER TABLE product_search DROP COLUMN attributes`);
    // Vectors written in the pds_search form are rewritten in the english form.
    await q.query(`INSERT INTO product_search_pending (organization_id, product_id) SELECT organization_id, product_id FROM products`);
    await q.query(`CREATE INDEX product_search_idx ON product_search USING GIN (search)`);
    await q.query(`
      CREATE OR REPLACE FUNCTION product_search_vector(data jsonb) RETURNS tsvector
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ${ENGLISH_VECTOR} $$`);
    await q.query(`DROP FUNCTION search_text(text)`);
    await q.query(`DROP TEXT SEARCH CONFIGURATION pds_search`);
  }
}
