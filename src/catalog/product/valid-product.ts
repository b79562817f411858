import type { MoneyDto } from './money.dto';
import type { ProductDto } from './product.dto';

/** A validated price: MoneyDto's fields on a plain object. */
export type ValidMoney = { [K in keyof MoneyDto]: MoneyDto[K] };

/**
 * A validated, normalised product: a plain JSON object with ProductDto's fields, whose keys appear
 * in schema order and only when present in the feed; `id` is always a string (the DTO's transform),
 * a price a plain object (structurally a MoneyDto).
 * This is what gets hashed and stored.
 */
export type ValidProduct = { [K in keyof ProductDto]: ProductDto[K] };
