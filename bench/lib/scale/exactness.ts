import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { filterConditions, INDEXED } from '../../../src/catalog/criteria/filter-sql';
import { normaliseCategoryPath } from '../../../src/catalog/criteria/product-criteria';
import { QueryWordsRepository } from '../../../src/catalog/search/query-reading/query-words.repository';
import { QueryAnalyzerService } from '../../../src/catalog/search/query-reading/query-analyzer.service';
import { allOf, renderOperand, someOf } from '../../../src/catalog/search/query-reading/search-terms';
import { scoreExpression } from '../../../src/catalog/search/ranking/score';
import type { SearchClient } from './search-timings';

/** Page 1 compared: the "top ten". */
export const EXACT_PAGE = 10;

/**
 * The exhaustive answer to a search's page 1: every match of the organization scored and ordered
 * by the documented order (all-words tier, then partial matches when the all-words ones do not
 * fill the page; score; product id), with no candidate limit, from the service's own analyzer and
 * score expression. What the API's page 1 must equal.
 */
export class ExhaustiveRanking {
  private constructor(
    private readonly client: Client,
    private readonly analyzer: QueryAnalyzerService,
  ) {}

  static async connect(databaseUrl: string): Promise<ExhaustiveRanking> {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`SET statement_timeout = '120s'`);
    const dataSource = {
      query: async (sql: string, params?: unknown[]) => (await client.query(sql, params)).rows,
    } as unknown as DataSource;
    return new ExhaustiveRanking(client, new QueryAnalyzerService(new QueryWordsRepository(dataSource)));
  }

  async close(): Promise<void> {
    await this.client.end();
  }

  /** The ids of the exhaustive page 1 for `q` (and a category), or [] when nothing is searchable. */
  async topIds(organizationId: string, q: string, category?: string): Promise<string[]> {
    const plan = await this.analyzer.analyze(organizationId, q);
    if (plan.terms.length === 0) return [];
    const filters = filterConditions({ categoryPrefixes: category ? [normaliseCategoryPath(category)] : undefined }, INDEXED);
    const params: Record<string, unknown> = {
      ...filters.params,
      organizationId,
      allWords: allOf(plan.required),
      someWords: someOf(plan.required),
      limit: EXACT_PAGE,
    };
    const where = ['s.organization_id = CAST(:organizationId AS uuid)', ...filters.sql];
    if (plan.excluded.length > 0) {
      params.excluded = plan.excluded.map((o) => renderOperand(o)).join(' | ');
      where.push('NOT s.search @@ CAST(:excluded AS tsquery)');
    }
    const score = scoreExpression(plan, params);
    const sql = `
      WITH m AS MATERIALIZED (
        SELECT s.product_id, s.search, (s.search @@ CAST(:allWords AS tsquery))::int AS tier
          FROM product_search s WHERE ${where.join(' AND ')} AND s.search @@ CAST(:someWords AS tsquery)
      ), ladder AS (SELECT count(*) FILTER (WHERE tier = 1) < :limit AS ladder_on FROM m)
      SELECT h.product_id FROM m h WHERE h.tier = 1 OR (SELECT ladder_on FROM ladder)
       ORDER BY h.tier DESC, (${score})::float8 DESC, h.product_id LIMIT :limit`;
    const values: unknown[] = [];
    const text = sql.replace(/:(\w+)/g, (match, name: string) => {
      if (!(name in params)) return match;
      values.push(params[name]);
      return `$${values.length}`;
    });
    const { rows } = await this.client.query<{ product_id: string }>(text, values);
    return rows.map((r) => r.product_id);
  }
}

/** How the API's page 1 of `q` compares with the exhaustive top: equal (same ids, same order), and how many of the top it holds. */
export interface PageOneCheck {
  exact: boolean;
  /** The page said its ranking was cut short (`ranking_exact: false`). */
  flagged: boolean;
  /** Ids of the exhaustive top (at most EXACT_PAGE) on the API's page 1, in any order. */
  recalled: number;
  /** The exhaustive top's size. */
  expected: number;
}

/** The API's page 1 of `q` (limit EXACT_PAGE) against the exhaustive ids: exact order, and recall of the top. */
export async function checkPageOne(
  ranking: ExhaustiveRanking,
  client: SearchClient,
  organizationId: string,
  q: string,
  category?: string,
): Promise<PageOneCheck> {
  const [expected, answer] = await Promise.all([
    ranking.topIds(organizationId, q, category),
    client.ranked({ q, limit: String(EXACT_PAGE), ...(category ? { category } : {}) }),
  ]);
  const page = answer.ids;
  const onPage = new Set(page);
  return {
    exact: expected.length === page.length && expected.every((id, i) => id === page[i]),
    flagged: !answer.rankingExact,
    recalled: expected.filter((id) => onPage.has(id)).length,
    expected: expected.length,
  };
}

/**
 * `count` queries for the big organization from its own vocabulary (seeded, so every run asks the
 * same): of 1 to 5 words in turn (query i has i % 5 + 1), spread over rare and common words.
 */
export async function sampleQueries(databaseUrl: string, organizationId: string, count: number): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT setseed(0.32)');
    const { rows } = await client.query<{ word: string }>(
      `SELECT word FROM search_vocabulary WHERE organization_id = $1 AND word ~ '^[a-z]{4,}$' ORDER BY random() LIMIT $2`,
      [organizationId, count * 3],
    );
    const words = rows.map((r) => r.word);
    let at = 0;
    return Array.from({ length: count }, (_, i) => {
      const n = (i % 5) + 1;
      const query = Array.from({ length: n }, (_, k) => words[(at + k) % words.length]).join(' ');
      at += n;
      return query;
    });
  } finally {
    await client.end();
  }
}
