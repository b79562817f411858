import { isStorableString } from '../text/storable-string';
import { ValidationError } from '../errors/api-error';

/** Opaque keyset cursors: base64url of a small JSON object. Anything else is a 422. */
export function encodeCursor(value: Record<string, string | number>): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

export function decodeCursor<T extends Record<string, string | number>>(cursor: string, shape: { [K in keyof T]: 'string' | 'number' }): T {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidCursor();
  for (const [key, type] of Object.entries(shape)) {
    const field = (value as Record<string, unknown>)[key];
    if (typeof field !== type) throw invalidCursor();
    if (typeof field === 'string' && !isStorableString(field)) throw invalidCursor();
    if (typeof field === 'number' && !Number.isFinite(field)) throw invalidCursor();
  }
  return value as T;
}

function invalidCursor(): ValidationError {
  return new ValidationError('cursor is not a cursor returned by this endpoint');
}
