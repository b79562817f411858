import { ProductDto } from '../dto/product.dto';
import { schemaShapeOf } from './schema-shape';
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
