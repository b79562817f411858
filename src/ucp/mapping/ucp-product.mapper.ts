import type { ProductDto } from '../../catalog/product/product.dto';
import { ORDERABLE_AVAILABILITIES } from '../../catalog/validation/product-vocabulary';
import { toMinorUnits } from './minor-units';
import type { UcpMedia, UcpPrice, UcpProduct, UcpVariant } from './ucp-types';

const ORDERABLE = new Set<string>(ORDERABLE_AVAILABILITIES);

type StoredFields = Pick<
  ProductDto,
  | 'id'
  | 'title'
  | 'description'
  | 'url'
  | 'image_url'
  | 'additional_image_urls'
  | 'price'
  | 'sale_price'
  | 'availability'
  | 'condition'
  | 'brand'
  | 'gtin'
  | 'mpn'
  | 'group_id'
  | 'categories'
  | 'tags'
  | 'inventory_quantity'
  | 'attributes'
>;

/**
 * One stored product → one UCP product with exactly one variant (same id, so the id an agent
 * puts in a checkout line item is ours). A lookup answers that product whatever its siblings are;
 * a search joins a variant group's matches into one product with toUcpGroup. `group_id` is kept
 * in `metadata` so an agent can find the siblings.
 *
 * Returns null for a product without price or sale price: UCP requires a variant price.
 */
export function toUcpProduct(stored: StoredFields): UcpProduct | null {
  const paid = stored.sale_price ?? stored.price;
  if (!paid) return null;
  const price = minor(paid);
  const listPrice = stored.sale_price && stored.price ? minor(stored.price) : undefined;
  // UCP requires a description on product and variant; without ours, the title stands in.
  const description = { plain: stored.description || stored.title };
  const media = mediaOf(stored);

  const variant: UcpVariant = {
    id: stored.id,
    title: stored.title,
    description,
    ...(stored.url && { url: stored.url }),
    price,
    ...(listPrice && { list_price: listPrice }),
    ...(stored.availability && { availability: { available: ORDERABLE.has(stored.availability), status: stored.availability } }),
    ...(stored.gtin && { barcodes: [{ type: 'GTIN', value: stored.gtin }] }),
    ...(media.length > 0 && { media }),
    ...nonEmpty('metadata', {
      mpn: stored.mpn,
      condition: stored.condition,
      inventory_quantity: stored.inventory_quantity,
    }),
  };

  return {
    id: stored.id,
    title: stored.title,
    description,
    ...(stored.url && { url: stored.url }),
    ...(stored.categories?.length && { categories: stored.categories.map((value) => ({ value, taxonomy: 'merchant' as const })) }),
    price_range: { min: price, max: price },
    ...(listPrice && { list_price_range: { min: listPrice, max: listPrice } }),
    ...(media.length > 0 && { media }),
    variants: [variant],
    ...(stored.tags?.length && { tags: stored.tags }),
    ...nonEmpty('metadata', { brand: stored.brand, group_id: stored.group_id, attributes: stored.attributes }),
  };
}

/**
 * A search's variant group as one UCP product: the best match's product (its id, title, media),
 * whose variants are the group's matching products, best first (each variant id a product id, as
 * in a lookup), and whose price ranges span them. Siblings without a price are left out (UCP
 * requires a variant price). `sibling_count` in metadata counts every other match of the group,
 * also those beyond the variants listed.
 */
export function toUcpGroup(best: StoredFields, siblings: StoredFields[], siblingCount: number): UcpProduct | null {
  const product = toUcpProduct(best);
  if (!product) return null;
  const variants = [product.variants[0], ...siblings.flatMap((s) => toUcpProduct(s)?.variants ?? [])];
  const span = (prices: UcpPrice[]) => ({
    min: prices.reduce((a, b) => (b.amount < a.amount ? b : a)),
    max: prices.reduce((a, b) => (b.amount > a.amount ? b : a)),
  });
  // A range compares amounts in one currency: variants priced in another are listed, not spanned.
  const currency = product.price_range.min.currency;
  const prices = variants.map((v) => v.price).filter((p) => p.currency === currency);
  const listPrices = variants.flatMap((v) => (v.list_price?.currency === currency ? [v.list_price] : []));
  return {
    ...product,
    price_range: span(prices),
    ...(listPrices.length > 0 && { list_price_range: span(listPrices) }),
    variants,
    metadata: { ...product.metadata, sibling_count: siblingCount },
  };
}

function minor(money: { amount: number; currency: string }): UcpPrice {
  return { amount: toMinorUnits(money.amount, money.currency), currency: money.currency };
}

function mediaOf(stored: StoredFields): UcpMedia[] {
  const urls = [stored.image_url, ...(stored.additional_image_urls ?? [])].filter((url): url is string => url !== undefined);
  return urls.map((url) => ({ type: 'image', url, alt_text: stored.title }));
}

/** `{ [key]: fields without undefined }`, or nothing when every field is undefined. */
function nonEmpty(key: 'metadata', fields: Record<string, unknown>): { metadata?: Record<string, unknown> } {
  const present = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return Object.keys(present).length > 0 ? { [key]: present } : {};
}
