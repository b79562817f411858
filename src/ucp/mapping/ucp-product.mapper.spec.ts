import { toUcpGroup, toUcpProduct } from './ucp-product.mapper';

describe('toUcpProduct', () => {
  it('maps a minimal priced product to one product with one variant of the same id', () => {
    expect(toUcpProduct({ id: 'sku-1', title: 'Mug', price: { amount: 9.5, currency: 'USD' } })).toEqual({
      id: 'sku-1',
      title: 'Mug',
      description: { plain: 'Mug' }, // UCP requires one: the title stands in
      price_range: { min: { amount: 950, currency: 'USD' }, max: { amount: 950, currency: 'USD' } },
      variants: [{ id: 'sku-1', title: 'Mug', description: { plain: 'Mug' }, price: { amount: 950, currency: 'USD' } }],
    });
  });

  it('maps every field that has a place in UCP', () => {
    const product = toUcpProduct({
      id: 'sku-2',
      title: 'Sweater',
      description: 'Warm.',
      url: 'https://shop.example/p/2',
      image_url: 'https://cdn.example/2.jpg',
      additional_image_urls: ['https://cdn.example/2b.jpg'],
      price: { amount: 100, currency: 'EUR' },
      sale_price: { amount: 79.99, currency: 'EUR' },
      availability: 'backorder',
      condition: 'refurbished',
      brand: 'Northwind',
      gtin: '4006381333931',
      mpn: 'NW-1',
      group_id: 'g-1',
      categories: ['Apparel > Sweaters'],
      tags: ['wool'],
      inventory_quantity: 0,
      attributes: { color: 'red' },
    });
    expect(product).toEqual({
      id: 'sku-2',
      title: 'Sweater',
      description: { plain: 'Warm.' },
      url: 'https://shop.example/p/2',
      categories: [{ value: 'Apparel > Sweaters', taxonomy: 'merchant' }],
      price_range: { min: { amount: 7999, currency: 'EUR' }, max: { amount: 7999, currency: 'EUR' } },
      list_price_range: { min: { amount: 10000, currency: 'EUR' }, max: { amount: 10000, currency: 'EUR' } },
      media: [
        { type: 'image', url: 'https://cdn.example/2.jpg', alt_text: 'Sweater' },
        { type: 'image', url: 'https://cdn.example/2b.jpg', alt_text: 'Sweater' },
      ],
      variants: [
        {
          id: 'sku-2',
          title: 'Sweater',
          description: { plain: 'Warm.' },
          url: 'https://shop.example/p/2',
          price: { amount: 7999, currency: 'EUR' },
          list_price: { amount: 10000, currency: 'EUR' },
          availability: { available: true, status: 'backorder' },
          barcodes: [{ type: 'GTIN', value: '4006381333931' }],
          media: [
            { type: 'image', url: 'https://cdn.example/2.jpg', alt_text: 'Sweater' },
            { type: 'image', url: 'https://cdn.example/2b.jpg', alt_text: 'Sweater' },
          ],
          metadata: { mpn: 'NW-1', condition: 'refurbished', inventory_quantity: 0 },
        },
      ],
      tags: ['wool'],
      metadata: { brand: 'Northwind', group_id: 'g-1', attributes: { color: 'red' } },
    });
  });

  it.each([
    ['in_stock', true],
    ['preorder', true],
    ['backorder', true],
    ['out_of_stock', false],
  ] as const)('availability %s → available %p', (availability, available) => {
    const product = toUcpProduct({ id: 'a', title: 'A', price: { amount: 1, currency: 'JPY' }, availability });
    expect(product?.variants[0].availability).toEqual({ available, status: availability });
  });

  it('prices a sale-only product by its sale price with no list price', () => {
    const product = toUcpProduct({ id: 'a', title: 'A', sale_price: { amount: 1.5, currency: 'BHD' } });
    expect(product?.variants[0]).toMatchObject({ price: { amount: 1500, currency: 'BHD' } });
    expect(product?.variants[0].list_price).toBeUndefined();
    expect(product?.list_price_range).toBeUndefined();
  });

  it('has no UCP form for a product without any price', () => {
    expect(toUcpProduct({ id: 'a', title: 'A', brand: 'B' })).toBeNull();
  });
});

describe('toUcpGroup', () => {
  const eur = (amount: number) => ({ amount, currency: 'EUR' });

  it('lists the best match first and its siblings as variants, ids unchanged, with price ranges spanning them', () => {
    const product = toUcpGroup(
      { id: 'tee-m', title: 'Tee M', price: eur(20), sale_price: eur(15), group_id: 'TEE' },
      [
        { id: 'tee-l', title: 'Tee L', price: eur(25), group_id: 'TEE' },
        { id: 'tee-s', title: 'Tee S', price: eur(12), group_id: 'TEE' },
      ],
      4,
    );
    expect(product?.id).toBe('tee-m');
    expect(product?.title).toBe('Tee M');
    expect(product?.variants.map((v) => v.id)).toEqual(['tee-m', 'tee-l', 'tee-s']);
    expect(product?.price_range).toEqual({ min: { amount: 1200, currency: 'EUR' }, max: { amount: 2500, currency: 'EUR' } });
    expect(product?.list_price_range).toEqual({ min: { amount: 2000, currency: 'EUR' }, max: { amount: 2000, currency: 'EUR' } });
    expect(product?.metadata).toEqual({ group_id: 'TEE', sibling_count: 4 });
  });

  it('leaves out unpriced siblings and keeps prices of another currency out of the ranges', () => {
    const product = toUcpGroup(
      { id: 'a', title: 'A', price: eur(10) },
      [
        { id: 'b', title: 'B' },
        { id: 'c', title: 'C', price: { amount: 1, currency: 'USD' } },
      ],
      2,
    );
    expect(product?.variants.map((v) => v.id)).toEqual(['a', 'c']);
    expect(product?.price_range).toEqual({ min: { amount: 1000, currency: 'EUR' }, max: { amount: 1000, currency: 'EUR' } });
    expect(product?.list_price_range).toBeUndefined();
  });

  it('is null when the best match has no price (no UCP product)', () => {
    expect(toUcpGroup({ id: 'a', title: 'A' }, [{ id: 'b', title: 'B', price: eur(1) }], 1)).toBeNull();
  });
});
