import type { ValidProduct } from '../product/valid-product';

/**
 * A product with every field of the product schema (docs/product-schema.md) set, valid and in schema order; a fresh copy on each
 * call, so a spec may change it. Arrays hold two distinct items, so a reorder changes content.
 */
export function fullProduct() {
  return {
    id: '10042',
    title: 'Merino Wool Crew Sweater',
    description: 'Soft and warm.',
    url: 'https://shop.example.com/p/10042',
    image_url: 'https://cdn.example.com/10042/main.jpg',
    additional_image_urls: ['https://cdn.example.com/10042/back.jpg', 'https://cdn.example.com/10042/side.jpg'],
    price: { amount: 89.9, currency: 'EUR' },
    sale_price: { amount: 69.9, currency: 'EUR' },
    availability: 'in_stock',
    condition: 'new',
    brand: 'Northfold',
    gtin: '4006381333931',
    mpn: 'NF-CRW-001',
    group_id: 'CRW',
    categories: ['Apparel', 'Sweaters'],
    tags: ['merino', 'winter'],
    inventory_quantity: 12,
    attributes: { color: 'navy', size: 'M', wool_percent: 100, machine_washable: true },
  } satisfies ValidProduct;
}
