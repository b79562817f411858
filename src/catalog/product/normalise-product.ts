import { PRODUCT_FIELD_KINDS, type ProductField, type ProductFieldKind } from './product-fields';
import type { MoneyDto } from './money.dto';
import type { ProductDto } from './product.dto';
import type { ValidProduct } from './valid-product';

/** The schema's fields in order, each with how its value is copied (PRODUCT_FIELD_KINDS is the one list). */
const FIELDS = Object.entries(PRODUCT_FIELD_KINDS) as Array<[ProductField, ProductFieldKind]>;

/** A copy that shares nothing mutable with the DTO. */
function copy(kind: ProductFieldKind, value: unknown): unknown {
  switch (kind) {
    case 'list':
      return [...(value as string[])];
    case 'money':
      return { amount: (value as MoneyDto).amount, currency: (value as MoneyDto).currency };
    case 'attributes':
      // Spread defines own properties, so an attribute named "__proto__" survives as a key.
      return { ...(value as Record<string, unknown>) };
    default:
      return value;
  }
}

/**
 * Copies a validated DTO into a plain object in schema order. Absent fields stay absent
 * (class fields may exist as own `undefined` properties on the DTO instance).
 */
export function normaliseProduct(dto: ProductDto): ValidProduct {
  const product: Record<string, unknown> = {};
  for (const [field, kind] of FIELDS) {
    const value = dto[field];
    if (value !== undefined) product[field] = copy(kind, value);
  }
  return product as unknown as ValidProduct;
}
