import { loadConfig } from '../common/config/load-config';
import type { ErrorType } from '../common/errors/error-response.dto';
import { JSON_BODY_MESSAGES, MAX_JSON_BODY_BYTES } from '../common/http/json-body';

/** One documented error answer: the status, and the exact body the service sends in that case. */
export interface ErrorExample {
  readonly status: number;
  readonly type: ErrorType;
  /** Shown as the example's name in Swagger UI and joined into the response description. */
  readonly summary: string;
  readonly message: string;
}

/** A feature's examples, grouped by error type, each under a name unique within its type. */
export type ErrorExampleTable = { [T in ErrorType]?: Record<string, ErrorExample & { type: T }> };

/** `<type>.<name>` of every registered example: its key in the document. */
const NAMES = new WeakMap<ErrorExample, string>();
const REGISTERED: ErrorExample[] = [];

/**
 * Registers a feature's examples so that `@ApiErrors` names each one `<type>.<name>` in the
 * document. Each feature keeps its own table beside the code whose messages it quotes.
 */
export function errorExamples<T extends ErrorExampleTable>(table: T): T {
  for (const [type, group] of Object.entries(table)) {
    for (const [name, example] of Object.entries(group as Record<string, ErrorExample>)) {
      NAMES.set(example, `${type}.${name}`);
      REGISTERED.push(example);
    }
  }
  return table;
}

/** The document key of a registered example (undefined for one built on the fly). */
export function exampleName(example: ErrorExample): string | undefined {
  return NAMES.get(example);
}

/** Every example registered so far (the tables of the features imported by then). */
export function registeredExamples(): readonly ErrorExample[] {
  return REGISTERED;
}

/** Numbers in messages are those of the default configuration, as a new deployment answers. */
export const DEFAULT_CONFIG = loadConfig({});

const example =
  <T extends ErrorType>(type: T, status: number) =>
  (summary: string, message: string): ErrorExample & { type: T } => ({ status, type, summary, message });

export const badRequest = example('bad_request', 400);
export const authentication = example('authentication', 401);
export const authorization = example('authorization', 403);
export const notFound = example('not_found', 404);
export const conflict = example('conflict', 409);
export const requestTimeout = example('bad_request', 408);
export const payloadTooLarge = example('payload_too_large', 413);
export const unsupportedMediaType = example('unsupported_media_type', 415);
export const validation = example('validation', 422);
export const rateLimited = example('rate_limited', 429);
export const internal = example('internal', 500);
export const unavailable = example('unavailable', 503);

/**
 * The error answers any feature may give: JSON bodies, pages and query parameters, bounded reads,
 * unexpected and unavailable. A route lists the ones it can answer with `@ApiErrors(...)`;
 * `@RequireScopes` adds the authentication, scope, rate-limit, 500 and 503 cases itself.
 */
export const ERROR_EXAMPLES = errorExamples({
  bad_request: {
    invalidJson: badRequest('The body is empty or not valid JSON', JSON_BODY_MESSAGES.invalid),
  },
  payload_too_large: {
    jsonBody: payloadTooLarge('The JSON body is larger than 16 KiB', JSON_BODY_MESSAGES.tooLarge(MAX_JSON_BODY_BYTES)),
  },
  unsupported_media_type: {
    notJson: unsupportedMediaType('The body is not application/json', JSON_BODY_MESSAGES.notJson),
  },
  validation: {
    limit: validation('limit is not an integer from 1 to 100', 'limit must be an integer from 1 to 100'),
    cursor: validation('A cursor this endpoint did not issue', 'cursor is not a cursor returned by this endpoint'),
    unknownParameter: validation('An unknown query parameter', 'unknown parameter page'),
    jsonObject: validation('The JSON body is not an object', JSON_BODY_MESSAGES.notObject),
    answerTooLarge: validation(
      'The answer would exceed READ_RESPONSE_MAX_BYTES; ask for fewer',
      `The answer would be 9000000 bytes, above the ${DEFAULT_CONFIG.reads.responseMaxBytes}-byte limit of a read; ask for fewer (a smaller limit)`,
    ),
  },
  rate_limited: {
    readsInFlight: rateLimited(
      'This account already has READS_IN_FLIGHT_PER_ACCOUNT reads running on this server',
      `This account already has ${DEFAULT_CONFIG.reads.inFlightPerAccount} reads in progress (limit ${DEFAULT_CONFIG.reads.inFlightPerAccount}); retry after 1 s`,
    ),
  },
  internal: {
    unexpected: internal('Unexpected error (logged; the message reveals no internals)', 'An unexpected error occurred'),
  },
  unavailable: {
    backingService: unavailable(
      'PostgreSQL or Redis unreachable or a statement timed out; nothing was half-created',
      'A backing service is unavailable; retry shortly',
    ),
    readTimeout: unavailable(
      'A statement of the read ran longer than READ_STATEMENT_TIMEOUT_MS and was cancelled',
      `The read took longer than ${DEFAULT_CONFIG.reads.statementTimeoutMs} ms and was cancelled; retry later or ask for less`,
    ),
  },
} as const);
