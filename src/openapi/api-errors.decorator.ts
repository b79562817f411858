import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorResponse } from '../common/errors/error-response.dto';
import { exampleName, type ErrorExample } from './error-examples';
import { errorHeaders } from './response-headers';

/**
 * Documents the error answers of a route: one response per status with the ErrorResponse schema,
 * the exact bodies as named examples, the status's headers (WWW-Authenticate on 401, Retry-After
 * on 429/503) and a description listing the cases. Several uses on one route add up (Nest merges
 * examples and descriptions per status), so `@RequireScopes` can declare the auth errors and the
 * route only its own.
 */
export function ApiErrors(...examples: ErrorExample[]): MethodDecorator & ClassDecorator {
  const statuses = [...new Set(examples.map((example) => example.status))].sort();
  return applyDecorators(
    ...statuses.map((status) => {
      const cases = examples.filter((example) => example.status === status);
      return ApiResponse({
        status,
        type: ErrorResponse,
        description: cases.map((example) => `${example.summary}.`).join(' '),
        headers: errorHeaders(status),
        examples: Object.fromEntries(
          cases.map((example) => [
            exampleName(example) ?? `${example.type}.${status}`,
            { summary: example.summary, value: { error: { type: example.type, message: example.message } } },
          ]),
        ),
      });
    }),
  );
}
