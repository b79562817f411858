import type { HeaderObject } from '@nestjs/swagger';
import { WWW_AUTHENTICATE } from '../common/errors/http-exception.filter';

const integerHeader = (description: string, example: number): HeaderObject => ({
  description,
  schema: { type: 'integer', minimum: 0, example },
});

/** Retry-After on every 429 and 503 (the exception filter and the throttler set it). */
export const RETRY_AFTER: Record<string, HeaderObject> = {
  'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer', minimum: 1, example: 5 } },
};

/** The Basic challenge the exception filter adds to every 401. */
export const WWW_AUTHENTICATE_HEADER: Record<string, HeaderObject> = {
  'WWW-Authenticate': { description: 'The HTTP Basic challenge', schema: { type: 'string', example: WWW_AUTHENTICATE } },
};

/** What the per-account throttler adds to every response of an authenticated request it let through. */
export const RATE_LIMIT_HEADERS: Record<string, HeaderObject> = {
  'X-RateLimit-Limit': integerHeader('Requests this account may make per minute (RATE_LIMIT_PER_MINUTE)', 1200),
  'X-RateLimit-Remaining': integerHeader("Requests left in this account's current one-minute window", 1187),
  'X-RateLimit-Reset': integerHeader('Seconds until the current window ends and the count starts again', 42),
};

/** On a 409 only when waiting may help (a delete that met a running import). */
export const CONFLICT_RETRY_AFTER: Record<string, HeaderObject> = {
  'Retry-After': {
    description: 'Seconds to wait before retrying; sent only when waiting may help (an import of the organization is running)',
    schema: { type: 'integer', minimum: 1, example: 5 },
  },
};

/** Response headers every error of a status carries (or may carry). */
export function errorHeaders(status: number): Record<string, HeaderObject> | undefined {
  if (status === 401) return WWW_AUTHENTICATE_HEADER;
  if (status === 429 || status === 503) return RETRY_AFTER;
  if (status === 409) return CONFLICT_RETRY_AFTER;
  return undefined;
}
