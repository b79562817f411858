import { productId, type CatalogProduct, type RelevanceCatalog } from './catalogs/catalog-product';
import { PAGE } from './engines/search-engine';
import { buyerPrice } from './queries/judge';
import type { Order, RelevanceQuery } from './queries/relevance-query';

/** Which products of a catalog are relevant to a question, and what one result counts as. */
export interface QueryJudgement {
  isRelevant(product: CatalogProduct): boolean;
  /** Relevant products (variant questions: relevant groups), the denominator of precision@10. */
  relevantInCatalog: number;
  /** Variant questions count a group once: the key of the group a product belongs to. */
  unitOf(product: CatalogProduct): string;
}

/** A product's group (its group_id, else itself). */
export const groupOf = (product: CatalogProduct): string =>
  typeof product.group_id === 'string' ? `group:${product.group_id}` : `product:${productId(product)}`;

/**
 * The relevant set of a question. A plain question: the products its judge holds for. A variant
 * question: the same, counted per group. A sort question: the first 10 of the judged products in
 * the asked order (ties at the 10th included): for `price_asc` by what a buyer pays, in the
 * catalog's main currency; for `newest` those of the latest upload holding any.
 */
export function judgementOf(catalog: RelevanceCatalog, query: RelevanceQuery): QueryJudgement {
  const judge = query.judge;
  const unitOf = query.collapse ? groupOf : (p: CatalogProduct) => `product:${productId(p)}`;
  if (judge === null) return { isRelevant: () => false, relevantInCatalog: 0, unitOf };
  const matching = catalog.products.filter((p) => judge.matches(p));
  const relevant = query.order ? new Set(firstInOrder(catalog, matching, query.order)) : null;
  const isRelevant = relevant ? (p: CatalogProduct) => relevant.has(p) : (p: CatalogProduct) => judge.matches(p);
  const units = new Set((relevant ? [...relevant] : matching).map(unitOf));
  return { isRelevant, relevantInCatalog: units.size, unitOf };
}

function firstInOrder(catalog: RelevanceCatalog, matching: CatalogProduct[], order: Order): CatalogProduct[] {
  if (order === 'price_asc') {
    const priced = matching
      .map((p) => ({ p, price: buyerPrice(p) }))
      .filter((x) => x.price?.currency === catalog.mainCurrency)
      .sort((a, b) => a.price!.amount - b.price!.amount);
    if (priced.length === 0) return [];
    const cutoff = priced[Math.min(PAGE, priced.length) - 1].price!.amount;
    return priced.filter((x) => x.price!.amount <= cutoff).map((x) => x.p);
  }
  const upload = uploadIndex(catalog);
  const latest = Math.max(...matching.map((p) => upload.get(p) ?? 0));
  return matching.filter((p) => (upload.get(p) ?? 0) === latest);
}

const uploads = new WeakMap<RelevanceCatalog, Map<CatalogProduct, number>>();

/** Which upload (0, 1, …) brought each product: a later one is newer. */
function uploadIndex(catalog: RelevanceCatalog): Map<CatalogProduct, number> {
  let index = uploads.get(catalog);
  if (!index) {
    index = new Map();
    for (const [i, batch] of (catalog.imports ?? [catalog.products]).entries()) for (const p of batch) index.set(p, i);
    uploads.set(catalog, index);
  }
  return index;
}

/**
 * Why the service's page is not in the order a sort question asks (null when it is), read from
 * the entries as returned. price_asc: buyer prices in the main currency never decrease, and no
 * product in it comes after one in another currency. newest: created_at or updated_at (the
 * service documents which) never increases.
 */
export function orderProblem(entries: ReadonlyArray<Record<string, unknown>>, order: Order, mainCurrency: string): string | null {
  if (order === 'price_asc') {
    let previous = -Infinity;
    let foreignSeen = false;
    for (const entry of entries) {
      const price = buyerPrice(entry as CatalogProduct);
      if (!price || price.currency !== mainCurrency) {
        foreignSeen = true;
        continue;
      }
      if (foreignSeen) return `${String(entry.id)} (${mainCurrency}) after a product in another currency`;
      if (price.amount < previous) return `${String(entry.id)} at ${price.amount} after one at ${previous}`;
      previous = price.amount;
    }
    return null;
  }
  const descending = (key: string) => entries.every((entry, i) => i === 0 || String(entries[i - 1][key]) >= String(entry[key]));
  return descending('created_at') || descending('updated_at') ? null : 'neither created_at nor updated_at descends';
}

/**
 * Why a collapsed page is wrong (empty when right): a group twice, or a `sibling_count` that is not
 * an integer from 0 to the number of other products of the group in the catalog.
 */
export function collapseProblems(entries: ReadonlyArray<Record<string, unknown>>, catalog: RelevanceCatalog): string[] {
  const byId = new Map(catalog.products.map((p) => [productId(p), p]));
  const groupSize = new Map<string, number>();
  for (const p of catalog.products) groupSize.set(groupOf(p), (groupSize.get(groupOf(p)) ?? 0) + 1);
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const product = byId.get(String(entry.id));
    if (!product) continue;
    const group = groupOf(product);
    if (seen.has(group)) problems.push(`${String(entry.id)}: ${group} twice on the page`);
    seen.add(group);
    const siblings = entry.sibling_count;
    const most = (groupSize.get(group) ?? 1) - 1;
    if (typeof siblings !== 'number' || !Number.isInteger(siblings) || siblings < 0 || siblings > most)
      problems.push(`${String(entry.id)}: sibling_count ${JSON.stringify(siblings)}, expected 0 to ${most}`);
  }
  return problems;
}
