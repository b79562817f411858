import { PRODUCT_FIELD_KINDS } from './product-fields';
import { ProductDto } from './product.dto';
import { schemaShapeOf } from '../validation/schema-shape';
import { PRODUCT_FIELDS } from '../testing/product-fields';

describe('schemaShapeOf(ProductDto)', () => {
  const shape = schemaShapeOf(ProductDto);

  it('lists every schema field in declaration order', () => {
    expect([...shape.keys]).toEqual([...PRODUCT_FIELDS]);
  });

  it('knows the nested money objects and the attributes map', () => {
    expect([...shape.nested.keys()]).toEqual(['price', 'sale_price']);
    expect([...shape.nested.get('price')!.keys]).toEqual(['amount', 'currency']);
    expect([...shape.maps]).toEqual(['attributes']);
  });

  it('knows the array fields (they bypass class-transformer)', () => {
    expect([...shape.arrays]).toEqual(['additional_image_urls', 'categories', 'tags']);
  });
});

describe('PRODUCT_FIELD_KINDS (derived from ProductDto for the feed readers and normaliseProduct)', () => {
  it('names the DTO’s fields in declaration order, with their kinds', () => {
    const shape = schemaShapeOf(ProductDto);
    expect(Object.keys(PRODUCT_FIELD_KINDS)).toEqual([...shape.keys]);
    const ofKind = (kind: string) =>
      Object.entries(PRODUCT_FIELD_KINDS)
        .filter(([, k]) => k === kind)
        .map(([field]) => field);
    expect(ofKind('money')).toEqual([...shape.nested.keys()]);
    expect(ofKind('list')).toEqual([...shape.arrays]);
    expect(ofKind('attributes')).toEqual([...shape.maps]);
    expect(ofKind('integer')).toEqual(['inventory_quantity']);
  });
});
