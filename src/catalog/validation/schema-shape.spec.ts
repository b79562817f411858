import { ProductDto } from '../dto/product.dto';
import { schemaShapeOf } from './schema-shape';

describe('schemaShapeOf(ProductDto)', () => {
  const shape = schemaShapeOf(ProductDto);

  it('lists every schema field in declaration order', () => {
    expect([...shape.keys]).toEqual([
      'id',
      'title',
      'description',
      'url',
      'image_url',
      'additional_image_urls',
      'price',
      'sale_price',
      'availability',
      'condition',
      'brand',
      'gtin',
      'mpn',
      'group_id',
      'categories',
      'tags',
      'inventory_quantity',
      'attributes',
    ]);
  });

  it('knows the nested money objects and the attributes map', () => {
    expect([...shape.nested.keys()]).toEqual(['price', 'sale_price']);
    expect([...shape.nested.get('price')!.keys]).toEqual(['amount', 'currency']);
    expect([...shape.maps]).toEqual(['attributes']);
  });
});
