import 'reflect-metadata';
import { declaredRulesOf } from '../validation/declared-rules';
import { schemaShapeOf } from '../validation/schema-shape';
import { ProductDto } from './product.dto';

/** ProductDto's fields (and their nested/array/map kinds), read once from its decorators. */
export const PRODUCT_SHAPE = schemaShapeOf(ProductDto);

/** ProductDto's rules read back from its decorators, for checks that run without class-validator (the import's fast path). */
export const PRODUCT_RULES = declaredRulesOf(ProductDto);

export type ProductField = keyof ProductDto & string;
export type ProductFieldKind = 'text' | 'list' | 'money' | 'integer' | 'attributes';

function kindOf(field: string): ProductFieldKind {
  if (PRODUCT_SHAPE.nested.has(field)) return 'money';
  if (PRODUCT_SHAPE.arrays.has(field)) return 'list';
  if (PRODUCT_SHAPE.maps.has(field)) return 'attributes';
  return Reflect.getMetadata('design:type', ProductDto.prototype, field) === Number ? 'integer' : 'text';
}

/**
 * The product's top-level fields in declaration order and the shape of each value, derived from
 * ProductDto (its one definition), for code that builds products from text (the CSV and Google
 * Merchant Center feed readers) and for normaliseProduct.
 */
export const PRODUCT_FIELD_KINDS: Readonly<Record<ProductField, ProductFieldKind>> = Object.freeze(
  Object.fromEntries([...PRODUCT_SHAPE.keys].map((field) => [field, kindOf(field)])) as Record<ProductField, ProductFieldKind>,
);

export function isProductField(name: string): name is ProductField {
  return Object.prototype.hasOwnProperty.call(PRODUCT_FIELD_KINDS, name);
}
