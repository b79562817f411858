import { ValidationError } from '../errors/api-error';
import type { CursorField } from './cursor-fields';

export type CursorShape<T> = { [K in keyof T]: CursorField<T[K]> };

/**
 * Opaque keyset cursors: base64url of a small JSON object whose fields the shape lists in order.
 * A cursor is accepted only in the exact form this codec issues (same keys in the same order, no
 * others, every value valid for its column, canonical JSON and base64url): anything else is a 422.
 */
export class CursorCodec<T extends Record<string, string | number>> {
  private readonly keys: Array<keyof T & string>;

  constructor(private readonly shape: CursorShape<T>) {
    this.keys = Object.keys(shape) as Array<keyof T & string>;
  }

  encode(value: T): string {
    const ordered: Record<string, string | number> = {};
    for (const key of this.keys) ordered[key] = value[key];
    return Buffer.from(JSON.stringify(ordered), 'utf8').toString('base64url');
  }

  decode(cursor: string): T {
    let value: unknown;
    try {
      value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      throw invalidCursor();
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidCursor();
    const fields = value as Record<string, unknown>;
    for (const key of this.keys) {
      if (!Object.hasOwn(fields, key) || !this.shape[key](fields[key])) throw invalidCursor();
    }
    const decoded = fields as T;
    // Re-encoding must give the cursor back: this refuses extra keys, -0, 1.0, escapes, padding.
    if (this.encode(decoded) !== cursor) throw invalidCursor();
    return decoded;
  }
}

function invalidCursor(): ValidationError {
  return new ValidationError('cursor is not a cursor returned by this endpoint');
}
