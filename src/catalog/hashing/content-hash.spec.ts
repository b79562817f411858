import { createHash } from 'node:crypto';
import { fullProduct } from '../testing/full-product';
import { ValidProduct } from '../product/valid-product';
import { canonicalJson } from './canonical-json';
import { CONTENT_HASH_VERSION, contentHash, contentHashOfCanonical } from './content-hash';

const PRODUCT: ValidProduct = fullProduct();

function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([key, item]) => [key, reverseKeys(item)]),
    );
  }
  return value;
}

/** One changed value per field, including nested and array values. */
const CHANGES: Array<[string, Partial<ValidProduct>]> = [
  ['id', { id: '10043' }],
  ['title', { title: 'Merino Wool Crew Sweater ' }],
  ['description', { description: 'Soft and warm!' }],
  ['url', { url: 'https://shop.example.com/p/10042?' }],
  ['image_url', { image_url: 'https://cdn.example.com/10042/main.png' }],
  ['additional_image_urls order', { additional_image_urls: [...PRODUCT.additional_image_urls!].reverse() }],
  ['price.amount', { price: { amount: 89.91, currency: 'EUR' } }],
  ['price.currency', { price: { amount: 89.9, currency: 'USD' } }],
  ['sale_price.amount', { sale_price: { amount: 69, currency: 'EUR' } }],
  ['availability', { availability: 'backorder' }],
  ['condition', { condition: 'used' }],
  ['brand', { brand: 'northfold' }],
  ['gtin', { gtin: '5901234123457' }],
  ['mpn', { mpn: 'NF-CRW-002' }],
  ['group_id', { group_id: 'CRW2' }],
  ['categories', { categories: ['Apparel', 'Knitwear'] }],
  ['tags removed item', { tags: ['merino'] }],
  ['inventory_quantity', { inventory_quantity: 11 }],
  ['attributes value', { attributes: { ...PRODUCT.attributes, size: 'L' } }],
  ['attributes value type', { attributes: { ...PRODUCT.attributes, wool_percent: '100' } }],
  ['attributes key', { attributes: { colour: 'navy', size: 'M', wool_percent: 100, machine_washable: true } }],
  ['boolean', { attributes: { ...PRODUCT.attributes, machine_washable: false } }],
];

describe('contentHash', () => {
  it('is SHA-256 over the version line and the canonical JSON', () => {
    const product: ValidProduct = { title: 't', id: '1' };
    const expected = createHash('sha256').update('product:v1\n{"id":"1","title":"t"}').digest('hex');
    expect(CONTENT_HASH_VERSION).toBe('product:v1');
    expect(contentHash(product)).toBe(expected);
    expect(contentHash(product)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is the same from the canonical JSON bytes the import stores, small or over the scratch size', () => {
    const big: ValidProduct = { ...PRODUCT, description: 'é😀'.repeat(70_000) };
    for (const product of [PRODUCT, big]) {
      expect(contentHashOfCanonical(Buffer.from(canonicalJson(product), 'utf8'))).toEqual(contentHash(product));
    }
  });

  it('is pinned for a reference product (changing it invalidates every stored hash)', () => {
    expect(contentHash({ id: '1', title: 'Café 😀', price: { amount: 19.99, currency: 'USD' } })).toBe(
      createHash('sha256')
        .update('product:v1\n{"id":"1","price":{"amount":19.99,"currency":"USD"},"title":"Café 😀"}', 'utf8')
        .digest('hex'),
    );
  });

  it('is equal under key reordering at every level', () => {
    expect(contentHash(reverseKeys(PRODUCT) as ValidProduct)).toEqual(contentHash(PRODUCT));
  });

  it.each(CHANGES)('changes when %s changes', (_name, change) => {
    expect(contentHash({ ...PRODUCT, ...change })).not.toEqual(contentHash(PRODUCT));
  });

  it('changes when an optional field is added or removed', () => {
    const { brand: _brand, ...withoutBrand } = PRODUCT;
    expect(contentHash(withoutBrand)).not.toEqual(contentHash(PRODUCT));
  });

  it('gives every variant a distinct hash', () => {
    const hashes = new Set([PRODUCT, ...CHANGES.map(([, change]) => ({ ...PRODUCT, ...change }))].map((p) => contentHash(p)));
    expect(hashes.size).toBe(CHANGES.length + 1);
  });
});
