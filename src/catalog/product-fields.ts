/**
 * The product's top-level fields and the shape of each value, for code that builds products from
 * text (the CSV and Google Merchant Center feed readers) and for normaliseProduct; the DTO must declare the
 * same fields in the same order (schema-shape.spec.ts). The rules on values stay with the DTO.
 */
export const PRODUCT_FIELD_KINDS = {
  id: 'text',
  title: 'text',
  description: 'text',
  url: 'text',
  image_url: 'text',
  additional_image_urls: 'list',
  price: 'money',
  sale_price: 'money',
  availability: 'text',
  condition: 'text',
  brand: 'text',
  gtin: 'text',
  mpn: 'text',
  group_id: 'text',
  categories: 'list',
  tags: 'list',
  inventory_quantity: 'integer',
  attributes: 'attributes',
} as const;

export type ProductField = keyof typeof PRODUCT_FIELD_KINDS;
export type ProductFieldKind = (typeof PRODUCT_FIELD_KINDS)[ProductField];

export function isProductField(name: string): name is ProductField {
  return Object.prototype.hasOwnProperty.call(PRODUCT_FIELD_KINDS, name);
}
