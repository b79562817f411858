import type { QueryConstraints, WordPrice } from '../search/query-reading/query-constraints';
import type { InferredConstraints } from '../search/query-reading/query-interpretation';
import type { Availability } from '../validation/product-vocabulary';
import type { ProductCriteria } from '../criteria/product-criteria';

/**
 * The criteria with the price, availability and sort the query's words ask for, each only where
 * the caller passed none (an explicit parameter always wins), and what was applied. A price said
 * without a currency is in the catalog's main currency (`mainCurrency`, asked only then); with no
 * priced product there is no price filter.
 */
export async function withInferred(
  constraints: QueryConstraints,
  criteria: ProductCriteria,
  mainCurrency: () => Promise<string | null>,
): Promise<{ criteria: ProductCriteria; inferred: InferredConstraints }> {
  const { priceMin, priceMax, availability, sort } = constraints;
  const effective: ProductCriteria = { ...criteria };
  const inferred: InferredConstraints = {};
  if ((priceMin || priceMax) && !criteria.price) {
    const currency = priceMin?.currency ?? priceMax?.currency ?? (await mainCurrency());
    if (currency) {
      const money = (p: WordPrice) => ({ amount: p.amount, currency });
      effective.price = { currency, min: priceMin && String(priceMin.amount), max: priceMax && String(priceMax.amount) };
      if (priceMin) inferred.price_min = money(priceMin);
      if (priceMax) inferred.price_max = money(priceMax);
    }
  }
  if (availability && !criteria.availability) {
    effective.availability = availability as Availability[];
    inferred.availability = availability;
  }
  if (sort && (criteria.sort === undefined || criteria.sort === 'relevance')) {
    effective.sort = sort;
    inferred.sort = sort;
  }
  return { criteria: effective, inferred };
}
