import type { SearchPlan } from '../search/query-reading/query-analyzer.service';
import type { ProductCriteria } from '../criteria/product-criteria';

/**
 * `match=all` (criteria.matchAll), as Meilisearch's matchingStrategy "all": every term of the plan
 * is required (a word seen only in descriptions too) and no partial matches are added. Pages and
 * facets read the plan through here, so they count the same products.
 */
export function planFor(plan: SearchPlan, criteria: ProductCriteria): SearchPlan {
  return criteria.matchAll ? { ...plan, required: plan.terms } : plan;
}

/** Whether the search can match nothing: no term, or (match=all) a word the catalog has nowhere, which no product has. */
export function matchesNothing(plan: SearchPlan, criteria: ProductCriteria): boolean {
  return plan.terms.length === 0 || (criteria.matchAll === true && plan.words.some((w) => w.status === 'not_found'));
}
