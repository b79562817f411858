import { isStorableString } from '../text/storable-string';

/** A check that one decoded cursor field holds a value its SQL column or expression accepts. */
export type CursorField<T> = (value: unknown) => value is T;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INT4_MAX = 2_147_483_647;

/**
 * The field kinds cursors are made of. Each admits only what PostgreSQL takes for the column the
 * cursor is compared with, so a tampered cursor is a 422 and never an SQL error (a 500).
 */
export const cursorField = {
  /** A `text` column value: 1 to `maxLength` characters PostgreSQL can store (no NUL, no lone surrogate). */
  text:
    (maxLength: number): CursorField<string> =>
    (value): value is string =>
      typeof value === 'string' && value.length >= 1 && value.length <= maxLength && isStorableString(value),

  /** A `uuid` column value, in the lower-case form PostgreSQL returns. */
  uuid: ((value): value is string => typeof value === 'string' && UUID.test(value)) as CursorField<string>,

  /** A non-negative `integer` (int4) column value. */
  index: ((value): value is number =>
    Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= INT4_MAX) as CursorField<number>,

  /** A finite `float8` (JSON cannot carry NaN, but 1e999 parses as Infinity). */
  float8: ((value): value is number => typeof value === 'number' && Number.isFinite(value)) as CursorField<number>,

  /** A `numeric` value as PostgreSQL prints it: an optional minus, digits, an optional fraction (bounded, never an exponent). */
  decimal: ((value): value is string => typeof value === 'string' && /^-?\d{1,40}(\.\d{1,40})?$/.test(value)) as CursorField<string>,
};
