import { productId, type CatalogProduct, type RelevanceCatalog } from './catalogs/catalog-product';
import { PAGE, type SearchAnswer, type SearchEngine } from './engines/search-engine';
import { interpretationProblems } from './interpretation-check';
import { matchProblems } from './match-check';
import { collapseProblems, groupOf, judgementOf, orderProblem } from './judgement';
import { COLLAPSE_VARIANTS_BUILT } from './thresholds';
import { judge, type Judged } from './metrics';
import type { Category, Order, RelevanceQuery } from './queries/relevance-query';

export interface EngineAnswer extends Judged {
  ids: string[];
  /** Titles of the first three results, for the report. */
  top: string[];
  /** Distinct groups (group_id, else the product) among the first 10 results. */
  distinctGroups: number;
  /** The first result is relevant (code questions require it of the service). */
  firstRelevant: boolean;
  error?: string;
  /** The service only: why the page is not in the asked order (sort questions), null when it is. */
  orderProblem?: string | null;
  /** The service only: how its interpretation differs from the expected one. */
  interpretationProblems?: string[];
  /** The service only, variant questions: a group twice or a wrong sibling_count. */
  collapseProblems?: string[];
  /** The service only: where its products' `_match` disagrees with itself or the interpretation. */
  matchProblems?: string[];
  interpretation?: unknown;
}

export interface QueryOutcome {
  catalog: string;
  q: string;
  category: Category;
  judge: string;
  relevantInCatalog: number;
  collapse: boolean;
  order?: Order;
  first: boolean;
  answers: Record<string, EngineAnswer>;
}

/**
 * Asks every engine every query of a catalog and judges the answers against the catalog's own
 * products. The first engine is the service: only its order, interpretation and collapse are checked.
 */
export async function runQueries(
  catalog: RelevanceCatalog,
  queries: readonly RelevanceQuery[],
  engines: readonly SearchEngine[],
): Promise<QueryOutcome[]> {
  const byId = new Map<string, CatalogProduct>(catalog.products.map((p) => [productId(p), p]));
  const outcomes: QueryOutcome[] = [];
  for (const query of queries) {
    const judgement = judgementOf(catalog, query);
    const answers: Record<string, EngineAnswer> = {};
    for (const [n, engine] of engines.entries()) {
      let answer: SearchAnswer = { ids: [] };
      let error: string | undefined;
      try {
        answer = await engine.search(query.q, {
          collapseVariants: query.collapse && COLLAPSE_VARIANTS_BUILT,
          ...(query.language && { language: query.language }),
        });
      } catch (e) {
        error = (e as Error).message;
      }
      const ids = answer.ids;
      // An id the catalog does not hold, or one already on the page, is never relevant; nor, in a
      // variant question, another product of a group already on the page.
      const seen = new Set<string>();
      const flags = ids.map((id) => {
        const product = byId.get(id);
        if (!product) return false;
        const unit = judgement.unitOf(product);
        const first = !seen.has(unit) && !seen.has(`id:${id}`);
        seen.add(unit).add(`id:${id}`);
        return first && judgement.isRelevant(product);
      });
      const isService = n === 0;
      answers[engine.name] = {
        ...judge(flags, judgement.relevantInCatalog),
        ids,
        top: ids.slice(0, 3).map((id) => byId.get(id)?.title ?? `unknown id ${id}`),
        distinctGroups: new Set(ids.slice(0, PAGE).map((id) => (byId.has(id) ? groupOf(byId.get(id)!) : id))).size,
        firstRelevant: flags[0] === true,
        ...(error !== undefined && { error }),
        ...(isService && serviceChecks(query, answer, catalog, error)),
      };
    }
    outcomes.push({
      catalog: catalog.name,
      q: query.q,
      category: query.category,
      judge: query.judge?.text ?? '(nothing)',
      relevantInCatalog: judgement.relevantInCatalog,
      collapse: query.collapse === true,
      ...(query.order && { order: query.order }),
      first: query.first === true,
      answers,
    });
  }
  return outcomes;
}

/** What the service says beyond the ids: its order, its interpretation, its collapsed entries. */
function serviceChecks(
  query: RelevanceQuery,
  answer: SearchAnswer,
  catalog: RelevanceCatalog,
  error: string | undefined,
): Partial<EngineAnswer> {
  const entries = answer.entries ?? [];
  return {
    interpretation: answer.interpretation,
    matchProblems: error ? [error] : matchProblems(entries, answer.interpretation),
    ...(query.order && { orderProblem: error ?? orderProblem(entries, query.order, catalog.mainCurrency) }),
    ...(query.interpretation && {
      interpretationProblems: error ? [error] : interpretationProblems(query.interpretation, answer.interpretation),
    }),
    ...(query.collapse && COLLAPSE_VARIANTS_BUILT && { collapseProblems: error ? [error] : collapseProblems(entries, catalog) }),
  };
}
