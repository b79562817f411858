import { productId, type CatalogProduct, type RelevanceCatalog } from './catalogs/catalog-product';
import type { SearchEngine } from './engines/search-engine';
import { judge, type Judged } from './metrics';
import type { Category, RelevanceQuery } from './queries/relevance-query';

export interface EngineAnswer extends Judged {
  ids: string[];
  /** Titles of the first three results, for the report. */
  top: string[];
  error?: string;
}

export interface QueryOutcome {
  catalog: string;
  q: string;
  category: Category;
  judge: string;
  relevantInCatalog: number;
  answers: Record<string, EngineAnswer>;
}

/** Asks every engine every query of a catalog and judges the answers against the catalog's own products. */
export async function runQueries(
  catalog: RelevanceCatalog,
  queries: readonly RelevanceQuery[],
  engines: readonly SearchEngine[],
): Promise<QueryOutcome[]> {
  const byId = new Map<string, CatalogProduct>(catalog.products.map((p) => [productId(p), p]));
  const outcomes: QueryOutcome[] = [];
  for (const query of queries) {
    const relevant = query.judge;
    const relevantInCatalog = relevant ? catalog.products.filter((p) => relevant.matches(p)).length : 0;
    const answers: Record<string, EngineAnswer> = {};
    for (const engine of engines) {
      let ids: string[] = [];
      let error: string | undefined;
      try {
        ids = await engine.search(query.q);
      } catch (e) {
        error = (e as Error).message;
      }
      // An id the catalog does not hold, or one already on the page, is never relevant.
      const seen = new Set<string>();
      const flags = ids.map((id) => {
        const first = !seen.has(id);
        seen.add(id);
        return first && relevant !== null && byId.has(id) && relevant.matches(byId.get(id)!);
      });
      answers[engine.name] = {
        ...judge(flags, relevantInCatalog),
        ids,
        top: ids.slice(0, 3).map((id) => byId.get(id)?.title ?? `unknown id ${id}`),
        ...(error !== undefined && { error }),
      };
    }
    outcomes.push({
      catalog: catalog.name,
      q: query.q,
      category: query.category,
      judge: relevant?.text ?? '(nothing)',
      relevantInCatalog,
      answers,
    });
  }
  return outcomes;
}
