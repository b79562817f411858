import type { ProductCriteria } from '../criteria/product-criteria';
import { readConstraints } from '../search/query-reading/query-constraints';
import type { InferredConstraints } from '../search/query-reading/query-interpretation';
import { withInferred } from './inferred-criteria';

/**
 * UCP `context.intent` ("looking for a gift under $50") read like the query's own words for price,
 * availability and sort (query-constraints.ts, every language it reads): applied only where the
 * request's filters and the query's words set nothing of that kind, so an explicit filter or a
 * word of the query always wins. The rest of the intent ("gift", "durable") is not searched: it
 * describes the buyer, not the product.
 */
export async function withIntent(
  criteria: ProductCriteria,
  intent: string | undefined,
  mainCurrency: () => Promise<string | null>,
): Promise<{ criteria: ProductCriteria; context?: InferredConstraints }> {
  if (!intent) return { criteria };
  const read = readConstraints(intent);
  const own = criteria.q === undefined ? null : readConstraints(criteria.q);
  if (own?.priceMin || own?.priceMax) {
    delete read.priceMin;
    delete read.priceMax;
  }
  if (own?.availability) delete read.availability;
  if (own?.sort) delete read.sort;
  const { criteria: effective, inferred } = await withInferred(read, criteria, mainCurrency);
  return { criteria: effective, context: inferred };
}
