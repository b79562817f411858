import type { FieldError } from '../../catalog/validation/field-error';

/** How many more products a batch may create in the organization's catalog, out of its limit. */
export interface ProductRoom {
  room: number;
  limit: number;
}

export const UNLIMITED: ProductRoom = { room: Number.POSITIVE_INFINITY, limit: Number.POSITIVE_INFINITY };

/** The room left under `limit` once `stored` products are counted (never negative). */
export function roomUnder(limit: number, stored: number): ProductRoom {
  return { room: Math.max(0, limit - stored), limit };
}

/** The error of a valid new product refused because the catalog is full; it names the limit. */
export function catalogFullError(limit: number): FieldError {
  return {
    field: '',
    message:
      `not stored: the organization's catalog is at its limit of ${limit.toLocaleString('en-US')} products ` +
      '(PRODUCTS_PER_ORGANIZATION); changes to stored products still apply',
  };
}
