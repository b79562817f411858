import { applyDecorators, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { Request } from 'express';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/**
 * The optional Idempotency-Key header of the request. A custom parameter decorator carries no
 * Swagger metadata: `@Headers('idempotency-key')` made @nestjs/swagger emit a second, required,
 * lower-case header that Swagger UI then refused to send without.
 */
export const IdempotencyKey = createParamDecorator((_data: unknown, context: ExecutionContext): string | undefined =>
  context.switchToHttp().getRequest<Request>().header(IDEMPOTENCY_KEY_HEADER),
);

/** Documents the header once, optional; no example, so "Try it out" never sends a fixed key. */
export function ApiIdempotencyKeyHeader(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ApiHeader({
      name: IDEMPOTENCY_KEY_HEADER,
      required: false,
      description:
        `Optional, 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters, bound to the SHA-256 of the file: within 24 h the same key with the ` +
        'same file answers with the first job_id (nothing new is stored); with a different file it is refused with 422. ' +
        'Use a new key per catalog version (e.g. "nightly-2026-11-25"); leave it empty for a new job every time.',
      schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
    }),
  );
}
