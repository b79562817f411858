import { PRODUCT_FILTER_COLUMNS } from '../criteria/filter-sql';

const FILTER_NAMES = PRODUCT_FILTER_COLUMNS.map(([name]) => name).join(', ');
const FILTER_VALUES = PRODUCT_FILTER_COLUMNS.map(([, expression]) => expression).join(', ');
const FILTER_UPDATES = PRODUCT_FILTER_COLUMNS.map(([name]) => `${name} = EXCLUDED.${name}`).join(', ');

/**
 * Writes the `product_search` rows of the products in `picked` (a CTE of product ids of
 * organization $1, defined by the caller before this text), and adds their words to the
 * organization's `search_vocabulary`: the words of the describing fields (title, brand, categories,
 * attributes, tags; not descriptions, which hold most of the distinct words and most of the cost),
 * which typo correction and prefix matching look up; and the product's codes (id, MPN, GTIN
 * normalised by product_search_codes(), migration 1795798769283) for the exact code lookup. A known word costs a unique-index probe (DO
 * NOTHING takes no lock), so loops indexing one organization rarely wait on each other.
 *
 * The vocabulary holds at most $3 words per organization (SEARCH_VOCABULARY_MAX_WORDS): the
 * words held are counted up to the bound (an index-only walk of at most $3 entries), and only as
 * many new words as fit (`room`) are added, the rest are left out (`new_words` beyond `room`: the
 * caller logs them; a word another loop added meanwhile is held, not left out). Two loops adding
 * at once may each fill the room left: the bound is exceeded by at most one chunk's new words.
 * VocabularySweepService removes the words no indexed product has any more.
 *
 * Each product is read in its language (its own `language`, else the one the last import that named
 * one recorded, else the organization's; migration 1795860000000), whose languages
 * `catalog_languages` keeps for reading queries.
 *
 * The vector equals `product_search_vector(data, language)` (a spec pins them together row for row), but the
 * parts products share are computed once per distinct value in the chunk instead of once per
 * product: the brand, the category list (with its category keys) and the description. Feeds list
 * a style's colours and sizes as products with one brand, category list and, mostly, one
 * description; stemming is most of the indexing CPU, and the description is most of the text.
 * Descriptions are read without their stop words (`search_description_vector`, migration 1795803811980): the
 * stop words a query means are matched in the describing fields (docs/search.md).
 *
 * Plans must not depend on the organization's statistics: one the planner does not know yet (its
 * first import into a large database) is estimated at one row. So each picked id is looked up
 * through the primary key (LATERAL, and the LIMIT keeps the planner from flattening it into a join
 * that compares every product of the organization with every picked id: 16 s per 1,000 entries
 * for a new organization of 58,000 products, against 0.35 s), and the brand, category list and
 * description parts are MATERIALIZED (inlined, a nested loop computed them once per product and
 * distinct value).
 *
 * The parts are keyed by one column each, `[language, value]`: keyed by two, the planner expected
 * one product out of the joins and probed the vocabulary's trigram index once per new word (37 s
 * per chunk at 58,000 products, against 0.2 s); the vocabulary is read by key anyway
 * (search_vocabulary_known). The organization's default language is read once (a scalar subquery).
 *
 * `null` stands for "no categories" in the grouping: a stored product never holds a JSON null
 * (validation rejects it), and an absent list has no keys (NULL) and an empty vector part. Rows and
 * words are written in key order, so two loops writing the same keys cannot deadlock.
 */
export const WRITE_SEARCH_ROWS = `
  docs AS MATERIALIZED (
    SELECT p.organization_id, p.product_id, p.data,
           language_of.language, coalesce(p.data->>'language', p.language) AS own_language,
           jsonb_build_array(language_of.language, coalesce(p.data->'brand', '""')) AS brand_key,
           jsonb_build_array(language_of.language, coalesce(p.data->'categories', 'null')) AS categories_key,
           jsonb_build_array(language_of.language, coalesce(p.data->'description', '""')) AS description_key
      FROM (SELECT DISTINCT product_id FROM picked) k
     CROSS JOIN LATERAL (SELECT * FROM products p WHERE p.organization_id = $1 AND p.product_id = k.product_id LIMIT 1) p
     CROSS JOIN LATERAL (SELECT coalesce(p.data->>'language', p.language, (SELECT o.language FROM organizations o WHERE o.id = $1)) AS language)
                        AS language_of
  ), brands AS MATERIALIZED (
    SELECT brand_key, setweight(search_words_vector(search_text(brand_key->>1), brand_key->>0), 'B') AS vector FROM docs GROUP BY brand_key
  ), category_lists AS MATERIALIZED (
    SELECT categories_key,
           setweight(search_list_vector(CASE WHEN categories_key->1 = 'null' THEN '[]' ELSE categories_key->1 END, categories_key->>0), 'B') AS vector,
           CASE WHEN categories_key->1 <> 'null' THEN product_category_keys($1, categories_key->1) END AS keys
      FROM docs GROUP BY categories_key
  ), descriptions AS MATERIALIZED (
    SELECT description_key, setweight(search_description_vector(search_text(description_key->>1), description_key->>0), 'D') AS vector
      FROM docs GROUP BY description_key
  ), vectors AS MATERIALIZED (
    SELECT p.organization_id, p.product_id,
           setweight(search_words_vector(search_text(coalesce(p.data->>'title', '')), p.language), 'A') || b.vector || c.vector ||
           setweight(search_words_vector(product_attribute_text(p.data), p.language), 'B') ||
           setweight(search_list_vector(coalesce(p.data->'tags', '[]'::jsonb), p.language), 'C') ||
           d.vector AS search,
           ${FILTER_VALUES}, c.keys, product_search_codes(p.product_id, p.data) AS codes
      FROM docs p JOIN brands b USING (brand_key) JOIN category_lists c USING (categories_key) JOIN descriptions d USING (description_key)
  ), languages AS (
    INSERT INTO catalog_languages (organization_id, language)
    SELECT DISTINCT $1::uuid, lower(split_part(own_language, '-', 1)) FROM docs WHERE own_language IS NOT NULL
    ON CONFLICT DO NOTHING
  ), written AS (
    INSERT INTO product_search (organization_id, product_id, search, ${FILTER_NAMES}, category_keys, codes)
    SELECT * FROM vectors ORDER BY product_id
    ON CONFLICT (organization_id, product_id) DO UPDATE SET search = EXCLUDED.search, ${FILTER_UPDATES}, category_keys = EXCLUDED.category_keys, codes = EXCLUDED.codes
    RETURNING 1
  ), chunk_words AS MATERIALIZED (
    SELECT DISTINCT w.word FROM vectors v, unnest(tsvector_to_array(ts_filter(v.search, '{a,b,c}'))) AS w(word)
  ), new_words AS MATERIALIZED (
    SELECT c.word FROM chunk_words c
      LEFT JOIN search_vocabulary_known($1, ARRAY(SELECT word FROM chunk_words)) AS k(word) ON k.word = c.word
     WHERE k.word IS NULL
  ), room AS MATERIALIZED (
    SELECT greatest(0, $3::int - (SELECT count(*) FROM (SELECT 1 FROM search_vocabulary WHERE organization_id = $1 LIMIT $3) held))::int AS n
  ), words AS (
    INSERT INTO search_vocabulary (organization_id, word)
    SELECT $1::uuid, word FROM new_words ORDER BY word
     LIMIT (SELECT n FROM room)
    ON CONFLICT DO NOTHING
    RETURNING 1
  )`;
