import { listOf, numberOrText } from './text-values';

/** Google Merchant Center attributes that go into `attributes` under the same name. */
export const GMC_ATTRIBUTE_KEYS = ['color', 'size', 'material', 'pattern', 'gender', 'age_group', 'google_product_category'] as const;

/**
 * Google Merchant Center attribute → our field: the one mapping table of both GMC formats (TSV
 * header names and XML `g:` element names). Attributes not listed here are ignored.
 */
export const GMC_FIELDS: Readonly<Record<string, string>> = {
  id: 'id',
  title: 'title',
  description: 'description',
  link: 'url',
  image_link: 'image_url',
  additional_image_link: 'additional_image_urls',
  price: 'price',
  sale_price: 'sale_price',
  availability: 'availability',
  condition: 'condition',
  brand: 'brand',
  gtin: 'gtin',
  mpn: 'mpn',
  item_group_id: 'group_id',
  product_type: 'categories',
  ...Object.fromEntries(GMC_ATTRIBUTE_KEYS.map((key) => [key, `attributes.${key}`])),
};

/** Our field (a JSON path of an error) → the GMC attribute it came from, for /errors' `column`. */
export function gmcColumnOf(field: string): string | null {
  const path = field.replace(/\[\d+\]$/, '');
  const top = path.startsWith('attributes.') ? path : path.split('.')[0];
  for (const [attribute, ours] of Object.entries(GMC_FIELDS)) if (ours === top) return attribute;
  return null;
}

/** A GMC attribute name as written in a TSV header or an XML element: `g:` prefix, case and spaces do not matter. */
export function gmcAttributeName(name: string): string {
  return name
    .trim()
    .replace(/^g:/i, '')
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/** "15.00 USD" (or "USD 15.00") → {amount: 15, currency: "USD"}; other text stays text for validation to judge. */
export function gmcPrice(text: string): unknown {
  const match = /^\s*(?:(\d+(?:\.\d+)?)\s*([A-Za-z]{3})|([A-Za-z]{3})\s*(\d+(?:\.\d+)?))\s*$/.exec(text);
  if (!match) return text;
  return { amount: numberOrText(match[1] ?? match[4]), currency: (match[2] ?? match[3]).toUpperCase() };
}

/** `in stock` (the older spelling) and `in_stock` alike; the same for the other values. */
function gmcKeyword(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, '_');
}

/**
 * The mapped GMC attributes, each at its slot: in the order canonicalJson sorts the fields they map
 * to (an attribute mapped into `attributes` sorts by its key within it), so a product built slot by
 * slot is in canonical key order and its JSON is printed without sorting (mapped-element.ts).
 */
const GMC_SLOTS: readonly string[] = Object.keys(GMC_FIELDS).sort((a, b) =>
  GMC_FIELDS[a] < GMC_FIELDS[b] ? -1 : GMC_FIELDS[a] > GMC_FIELDS[b] ? 1 : 0,
);
const SLOT_OF = new Map(GMC_SLOTS.map((attribute, slot) => [attribute, slot]));

/** The slot of a mapped GMC attribute (a gmcAttributeName), or -1 when it is not mapped (a map: `constructor` is not one). */
export function gmcSlot(attribute: string): number {
  return SLOT_OF.get(attribute) ?? -1;
}

/** An item's attribute values by slot, in file order (a repeated attribute gives several). */
export class GmcValues {
  private readonly slots: Array<string[] | undefined> = new Array<string[] | undefined>(GMC_SLOTS.length);

  /** Adds a value; returns the slot's list, whose last value a reader may still append to (a text read in pieces). */
  add(slot: number, text: string): string[] {
    const list = this.slots[slot];
    if (list === undefined) return (this.slots[slot] = [text]);
    list.push(text);
    return list;
  }

  get(slot: number): readonly string[] | undefined {
    return this.slots[slot];
  }

  clear(): void {
    this.slots.fill(undefined);
  }
}

/**
 * The product a GMC item describes, its keys in canonical order. `additional_image_link` may also
 * list URLs separated by commas.
 */
export function gmcProduct(values: GmcValues): Record<string, unknown> {
  const product: Record<string, unknown> = {};
  let attributes: Record<string, string> | undefined;
  for (let slot = 0; slot < GMC_SLOTS.length; slot++) {
    const texts = values.get(slot);
    const first = firstPresent(texts);
    if (first === undefined) continue;
    const attribute = GMC_SLOTS[slot];
    const field = GMC_FIELDS[attribute];
    if (field.startsWith('attributes.')) {
      if (attributes === undefined) product.attributes = attributes = {}; // where `attributes` sorts
      attributes[attribute] = first;
    } else if (field === 'additional_image_urls') product[field] = present(texts!).flatMap((t) => listOf(t, ','));
    else if (field === 'categories') product[field] = present(texts!);
    else if (field === 'price' || field === 'sale_price') product[field] = gmcPrice(first);
    else if (field === 'availability' || field === 'condition') product[field] = gmcKeyword(first);
    else product[field] = first;
  }
  return product;
}

/** The first value that is not blank, trimmed. */
function firstPresent(texts: readonly string[] | undefined): string | undefined {
  if (texts === undefined) return undefined;
  for (const text of texts) {
    const trimmed = text.trim();
    if (trimmed.length > 0) return trimmed;
  }
  return undefined;
}

/** The values that are not blank, trimmed. */
function present(texts: readonly string[]): string[] {
  return texts.map((t) => t.trim()).filter((t) => t.length > 0);
}
