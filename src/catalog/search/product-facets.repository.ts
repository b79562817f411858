import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { filterConditions, INDEXED } from '../criteria/filter-sql';
import type { ProductCriteria } from '../criteria/product-criteria';
import type { SearchPlan } from './query-reading/query-analyzer.service';
import { ownRowsFromHere, readingOwnRows, runNamed } from './own-rows';
import { SEARCH_CANDIDATES } from './ranking/limits';
import { scoreExpression } from './ranking/score';
import { hitsQuery, type HitsQuery, type Ladder } from './ranking/tier';
import { GROUP_UNIT } from './variant-groups';

/** Values listed per facet (per category level); the rest are counted as `other_count`. */
export const FACET_VALUES = 100;

export interface FacetValue {
  value: string;
  count: number;
}

export interface ValueFacet {
  values: FacetValue[];
  /** Products whose value is not among `values` (beyond FACET_VALUES). */
  other_count: number;
  /** Products without a value. */
  missing_count: number;
}

export interface Facets {
  counted: number;
  /** False when there were more matches than counted. */
  exact: boolean;
  brands: ValueFacet;
  availability: ValueFacet;
  categories: Array<ValueFacet & { level: number }>;
  prices: Array<{ currency: string; min: string; max: string; count: number }>;
  unpriced_count: number;
}

/**
 * Facet counts over a search's matches (or a filtered catalog's products), from the indexed
 * columns of `product_search` and the documents' brand spelling and category paths. Reads at most
 * SEARCH_CANDIDATES products per tier, like the search's total_count.
 */
@Injectable()
export class ProductFacetsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The rest of this read plans no sequential scan (the analyzer's statement included): see own-rows.ts. */
  ownRowsFromHere(): Promise<void> {
    return ownRowsFromHere(this.dataSource);
  }

  /**
   * `criteria.collapseVariants`: one product per variant group is counted, its best match by
   * relevance with a plan (else its lowest id), whatever the sort.
   */
  async facets(organizationId: string, criteria: ProductCriteria, search?: { plan: SearchPlan; ladder: Ladder }): Promise<Facets> {
    const collapse = criteria.collapseVariants === true;
    const hits = search
      ? hitsQuery(organizationId, search.plan, criteria, search.ladder, collapse, GROUP_UNIT)
      : filteredQuery(organizationId, criteria);
    const params: Record<string, unknown> = { ...hits.params, facetValues: FACET_VALUES };
    const best = search ? `h.tier, (${scoreExpression(search.plan, params)}) DESC, h.product_id` : 'h.product_id';
    const [row] = await readingOwnRows(this.dataSource, (manager) =>
      runNamed<{ facets: Facets }>(manager, `${hits.sql} ${facetsSelect(hits.exact, collapse ? best : null)}`, params),
    );
    return row.facets;
  }
}

/** CTE `hits` (product_id) of a filtered catalog without a query. */
function filteredQuery(organizationId: string, criteria: ProductCriteria): HitsQuery {
  const filters = filterConditions(criteria, INDEXED);
  const where = ['s.organization_id = CAST(:organizationId AS uuid)', ...filters.sql];
  return {
    sql: `WITH matching AS MATERIALIZED (SELECT s.product_id FROM product_search s WHERE ${where.join(' AND ')} LIMIT ${SEARCH_CANDIDATES + 1}),
          hits AS (SELECT product_id FROM matching LIMIT ${SEARCH_CANDIDATES})`,
    params: { ...filters.params, organizationId },
    exact: `((SELECT count(*) FROM matching) <= ${SEARCH_CANDIDATES})`,
  };
}

/** A value facet as JSON from `grouped` (value, count; value NULL for "no value"). */
const valueFacet = (grouped: string): string => `(
  SELECT json_build_object(
    'values', coalesce((SELECT json_agg(json_build_object('value', g.value, 'count', g.count) ORDER BY g.count DESC, g.value)
                          FROM (SELECT * FROM ${grouped} x WHERE x.value IS NOT NULL ORDER BY x.count DESC, x.value LIMIT :facetValues) g), '[]'),
    'other_count', coalesce((SELECT sum(count) FROM (SELECT count FROM ${grouped} x WHERE x.value IS NOT NULL ORDER BY x.count DESC, x.value OFFSET :facetValues) o), 0)::int,
    'missing_count', coalesce((SELECT count FROM ${grouped} x WHERE x.value IS NULL), 0)::int))`;

/** The facets of `hits`; with `collapse` (an order over `h`), of each variant group's first product in it. */
const facetsSelect = (exact: string, collapse: string | null): string => `
  ${
    collapse
      ? `, picked AS MATERIALIZED (
    SELECT DISTINCT ON (${GROUP_UNIT}) h.product_id FROM hits h
      JOIN product_search s ON s.organization_id = CAST(:organizationId AS uuid) AND s.product_id = h.product_id
     ORDER BY ${GROUP_UNIT}, ${collapse}
  )`
      : ''
  }
  , rows AS MATERIALIZED (
    SELECT s.product_id, s.brand_key, s.availability, s.price_currency, s.price_amount, p.data->>'brand' AS brand,
           CASE WHEN jsonb_typeof(p.data->'categories') = 'array' THEN p.data->'categories' END AS categories
      FROM ${collapse ? 'picked' : 'hits'} h
      -- One primary-key lookup per hit (LATERAL with LIMIT is never flattened): the cost follows the hits,
      -- never the organization's size, however the planner estimates them.
     CROSS JOIN LATERAL (SELECT * FROM product_search s WHERE s.organization_id = CAST(:organizationId AS uuid) AND s.product_id = h.product_id LIMIT 1) s
     CROSS JOIN LATERAL (SELECT p.data FROM products p WHERE p.organization_id = CAST(:organizationId AS uuid) AND p.product_id = h.product_id LIMIT 1) p
  ), brands AS (
    SELECT min(brand) AS value, count(*)::int AS count FROM rows GROUP BY brand_key
  ), availability AS (
    SELECT availability AS value, count(*)::int AS count FROM rows GROUP BY availability
  ), paths AS (
    SELECT DISTINCT r.product_id, level, array_to_string(segments[1:level], ' > ') AS value
      FROM rows r
     CROSS JOIN LATERAL jsonb_array_elements_text(r.categories) AS path
     CROSS JOIN LATERAL regexp_split_to_array(btrim(path), '\\s*>\\s*') AS segments
     CROSS JOIN LATERAL generate_series(1, cardinality(segments)) AS level
  ), levels AS (
    SELECT level, value, count(*)::int AS count FROM paths GROUP BY level, value
  )
  SELECT json_build_object(
    'counted', (SELECT count(*) FROM rows)::int,
    'exact', ${exact},
    'brands', ${valueFacet('brands')},
    'availability', ${valueFacet('availability')},
    'categories', coalesce((
      SELECT json_agg(json_build_object(
               'level', l.level,
               'values', coalesce((SELECT json_agg(json_build_object('value', v.value, 'count', v.count) ORDER BY v.count DESC, v.value)
                                     FROM (SELECT * FROM levels v WHERE v.level = l.level ORDER BY v.count DESC, v.value LIMIT :facetValues) v), '[]'),
               'other_count', coalesce((SELECT sum(count) FROM (SELECT count FROM levels v WHERE v.level = l.level ORDER BY v.count DESC, v.value OFFSET :facetValues) o), 0)::int,
               'missing_count', ((SELECT count(*) FROM rows) - (SELECT count(DISTINCT x.product_id) FROM paths x WHERE x.level = l.level))::int
             ) ORDER BY l.level)
        FROM (SELECT DISTINCT level FROM levels) l), '[]'),
    'prices', coalesce((
      SELECT json_agg(json_build_object('currency', currency, 'min', min::text, 'max', max::text, 'count', count) ORDER BY currency)
        FROM (SELECT price_currency AS currency, min(price_amount) AS min, max(price_amount) AS max, count(*)::int AS count
                FROM rows WHERE price_currency IS NOT NULL GROUP BY price_currency) x), '[]'),
    'unpriced_count', (SELECT count(*) FROM rows WHERE price_currency IS NULL)::int
  ) AS facets`;
