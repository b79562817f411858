import { loadConfig } from '../common/config/load-config';
import type { ErrorType } from '../common/errors/error-response.dto';
import { MAX_JSON_BODY_BYTES } from '../common/http/json-body.interceptor';
import { AVAILABILITY_VALUES } from '../catalog/validation/product-vocabulary';
import { MAX_FILE_BYTES, MULTIPART_LIMITS } from '../imports/upload/upload-limits';
import { MAX_REQUEST_BODY_BYTES } from '../ucp/ucp-requests';
import { ADDRESS_NOT_PUBLIC, HOST_NOT_PUBLIC, PORT_NOT_ALLOWED } from '../webhooks/ssrf/target-guard';
import { MAX_WEBHOOKS_PER_ORGANIZATION } from '../webhooks/webhooks.service';

/** One documented error answer: the status, and the exact body the service sends in that case. */
export interface ErrorExample {
  readonly status: number;
  readonly type: ErrorType;
  /** Shown as the example's name in Swagger UI and joined into the response description. */
  readonly summary: string;
  readonly message: string;
}

/** Numbers in messages are those of the default configuration, as a new deployment answers. */
const defaults = loadConfig({});
const JOB_ID = '3f0c2a9e-0d4b-4c57-9a8e-2f9c1b7d5e10';
const WEBHOOK_ID = '6d1f3b2a-4c5e-4f70-8a9b-0c1d2e3f4a5b';

const example =
  <T extends ErrorType>(type: T, status: number) =>
  (summary: string, message: string): ErrorExample & { type: T } => ({ status, type, summary, message });

const badRequest = example('bad_request', 400);
const authentication = example('authentication', 401);
const authorization = example('authorization', 403);
const notFound = example('not_found', 404);
const conflict = example('conflict', 409);
const requestTimeout = example('bad_request', 408);
const payloadTooLarge = example('payload_too_large', 413);
const unsupportedMediaType = example('unsupported_media_type', 415);
const validation = example('validation', 422);
const rateLimited = example('rate_limited', 429);
const internal = example('internal', 500);
const unavailable = example('unavailable', 503);

/**
 * Every error answer the API documents, one table per error type, with the messages the code
 * produces (test/openapi-errors.e2e-spec.ts provokes them and compares). A route lists the ones
 * it can answer with `@ApiErrors(...)`; `@RequireScopes` already adds 401, 403 (built by
 * missingScopeExample from the route's scopes), 429, 500 and 503.
 */
export const ERROR_EXAMPLES = {
  bad_request: {
    malformedMultipart: badRequest('Malformed multipart body', 'Malformed multipart request: Multipart: Boundary not found'),
    aborted: badRequest('The client aborted the upload', 'The upload was aborted by the client'),
    tooManyParts: badRequest('Too many form parts', `Too many form parts (limit ${MULTIPART_LIMITS.parts})`),
    tooSlow: requestTimeout(
      'The upload arrived too slowly (408; the connection is closed, nothing is stored)',
      `The upload arrived slower than ${defaults.uploads.minBytesPerSecond} bytes/s over ${defaults.uploads.minRateWindowMs / 1000} s ` +
        'and was aborted; nothing was stored',
    ),
    invalidJson: badRequest('The body is not valid JSON', 'The body is not valid JSON'),
  },
  authentication: {
    invalidCredentials: authentication(
      'Authorization missing or malformed, unknown account, wrong, revoked or expired token, or disabled account',
      'Missing or invalid credentials',
    ),
  },
  authorization: {
    crossSite: authorization(
      'A browser sent the write from another site (an Origin not the service\'s own nor in ALLOWED_ORIGINS, or Sec-Fetch-Site: cross-site); nothing was changed',
      'Requests from the origin https://evil.example may not change anything (not in ALLOWED_ORIGINS)',
    ),
    massDelete: authorization(
      'mode=replace with allow_mass_delete=true from a token without the scope catalog:replace (nothing is stored)',
      'This operation requires the scope catalog:replace',
    ),
  },
  not_found: {
    importJob: notFound("No import job with that id in the caller's organization", `Import job ${JOB_ID} not found`),
    product: notFound("No product with that id in the caller's organization", 'Product SKU-10042 not found'),
    webhook: notFound("No webhook with that id in the caller's organization", `Webhook ${WEBHOOK_ID} not found`),
  },
  payload_too_large: {
    file: payloadTooLarge(
      'The file is larger than the limit; nothing was stored',
      `The file exceeds ${MAX_FILE_BYTES.toLocaleString('en-US')} bytes (50 MiB)`,
    ),
    jsonBody: payloadTooLarge('The JSON body is larger than 16 KiB', `The JSON body is limited to ${MAX_JSON_BODY_BYTES} bytes`),
    synonymsBody: payloadTooLarge('The synonym set is larger than 64 KiB', `The JSON body is limited to ${64 * 1024} bytes`),
    ucpBody: payloadTooLarge('The JSON body is larger than 64 KiB', `The body must be at most ${MAX_REQUEST_BODY_BYTES} bytes`),
  },
  unsupported_media_type: {
    notMultipart: unsupportedMediaType(
      'The body is not multipart/form-data',
      'The upload must be sent as multipart/form-data with a part named "file"',
    ),
    notJson: unsupportedMediaType('The body is not application/json', 'The body must be sent as application/json'),
    ucpNotJson: unsupportedMediaType('The body is not application/json (or a +json type)', 'The body must be application/json'),
  },
  validation: {
    noFilePart: validation('No file part', 'The request has no file part named "file"'),
    twoFiles: validation('More than one file', 'Exactly one file part named "file" is allowed'),
    fileName: validation('A file name not ending in .json', 'The file name must end in .json (got "products.csv")'),
    idempotencyKeyLength: validation('Idempotency-Key empty or over 255 characters', 'Idempotency-Key must be 1 to 255 characters'),
    idempotencyKeyReused: validation(
      'Idempotency-Key already used within 24 h with a different file',
      `Idempotency-Key "nightly-2026-11-25" was used within the last 24 h with a different file (job ${JOB_ID}); send a new key with a new file`,
    ),
    jobId: validation('job_id is not a UUID', 'job_id must be a UUID'),
    limit: validation('limit is not an integer from 1 to 100', 'limit must be an integer from 1 to 100'),
    cursor: validation('A cursor this endpoint did not issue', 'cursor is not a cursor returned by this endpoint'),
    unknownParameter: validation('An unknown query parameter', 'unknown parameter page'),
    query: validation('q empty or over 200 characters', 'q must be 1 to 200 characters'),
    attributes: validation(
      'attributes filters malformed',
      'attributes must be 1 to 10 filters written attributes[key]=value, each key and value 1 to 200 characters, given once',
    ),
    synonymForm: validation('A synonym word or phrase with no searchable word', 'synonyms: "the" has no searchable word (only stop words or punctuation)'),
    synonymGroup: validation('A synonym group with fewer than 2 members', 'synonyms[0]: a group needs at least 2 words or phrases'),
    mode: validation('mode other than merge or replace', 'mode must be merge or replace'),
    allowMassDelete: validation('allow_mass_delete not true or false', 'allow_mass_delete must be true or false'),
    allowMassDeleteWithoutReplace: validation(
      'allow_mass_delete given without mode=replace',
      'allow_mass_delete applies only to mode=replace',
    ),
    brand: validation('brand empty or over 70 characters', 'brand must be 1 to 70 characters'),
    category: validation('category empty or over 255 characters', 'category must be 1 to 255 characters'),
    availability: validation(
      'availability names an unknown value',
      `availability must be a comma-separated list of ${AVAILABILITY_VALUES.join(', ')}`,
    ),
    currency: validation(
      'currency not an ISO 4217 code, or missing with price_min/price_max',
      'currency must be an ISO 4217 code in upper case (required with price_min/price_max)',
    ),
    priceMin: validation(
      'price_min (likewise price_max) not a decimal amount',
      'price_min must be a decimal amount in major units (e.g. 19.99), at most 4 decimals',
    ),
    jsonObject: validation('The JSON body is not an object', 'The body must be a JSON object'),
    webhookId: validation('webhook_id is not a UUID', 'webhook_id must be a UUID'),
    webhookEvents: validation('events names an unknown event', 'events must contain only import.done, import.failed'),
    webhookScheme: validation('url is not an http or https URL', 'url must use http or https'),
    webhookCredentials: validation('url holds a user name or password', 'url must not contain credentials'),
    webhookTarget: validation(
      'url names a loopback, private, link-local, CGNAT, metadata, multicast or other non-public address (the reason is logged, not shown)',
      ADDRESS_NOT_PUBLIC,
    ),
    webhookHost: validation(
      'url host does not resolve, or resolves to a non-public address (one answer for both, so internal names cannot be mapped)',
      HOST_NOT_PUBLIC,
    ),
    webhookPort: validation('url port is not 80, 443 or 8443', PORT_NOT_ALLOWED),
    webhookLimit: validation(
      `The organization already has ${MAX_WEBHOOKS_PER_ORGANIZATION} webhooks`,
      `An organization can have at most ${MAX_WEBHOOKS_PER_ORGANIZATION} webhooks; delete one first`,
    ),
    ucpSearch: validation('A search with neither query nor filters', 'a search needs a query or at least one filter'),
    ucpFilter: validation('A filter this service does not apply (refused rather than ignored)', 'filters: Unrecognized key: "color"'),
    ucpLookupIds: validation('ids empty or over 100', 'ids: Too small: expected array to have >=1 items'),
    ucpProductId: validation('id missing', 'id: Invalid input: expected string, received undefined'),
    answerTooLarge: validation(
      'The answer would exceed READ_RESPONSE_MAX_BYTES; ask for fewer',
      `The answer would be 9000000 bytes, above the ${defaults.reads.responseMaxBytes}-byte limit of a read; ask for fewer (a smaller limit)`,
    ),
  },
  conflict: {
    importFinished: conflict(
      'The job already ended done or failed without a cancel request',
      `Import job ${JOB_ID} already ended done; only a pending or processing job can be cancelled`,
    ),
    importRunning: conflict(
      'An import of the organization kept running past PRODUCT_DELETE_WAIT_MS; retry after Retry-After seconds',
      `An import of your organization is running; the delete waited ${defaults.catalog.productDeleteWaitMs.toLocaleString('en-US')} ms for it. Retry later`,
    ),
  },
  rate_limited: {
    account: rateLimited(
      'More requests from this account in a minute than RATE_LIMIT_PER_MINUTE, all routes and API processes together',
      `Rate limit of ${defaults.rateLimitPerMinute} requests per minute exceeded for this account; retry after 17 s`,
    ),
    failedAuthentications: rateLimited(
      'Too many failed authentications from this address (answered before the credentials are looked at)',
      'Too many failed authentications from this address; retry after 42 s',
    ),
    unknownCredentials: rateLimited(
      'Too many failed lookups of unknown credentials on this server, all addresses together (credentials it already verified still pass)',
      'Too many failed authentications on this server; retry after 42 s',
    ),
    readsInFlight: rateLimited(
      'This account already has READS_IN_FLIGHT_PER_ACCOUNT reads running on this server',
      `This account already has ${defaults.reads.inFlightPerAccount} reads in progress (limit ${defaults.reads.inFlightPerAccount}); retry after 1 s`,
    ),
    uploadsPerAccount: rateLimited(
      'This account already streams UPLOAD_SLOTS_PER_ACCOUNT uploads to this server',
      `This account already has ${defaults.uploads.slotsPerAccount} uploads in progress (limit ${defaults.uploads.slotsPerAccount}); retry when one has finished`,
    ),
    uploadsPerOrganization: rateLimited(
      "This organization's accounts together already stream UPLOAD_SLOTS_PER_ORGANIZATION uploads to this server",
      `This organization already has ${defaults.uploads.slotsPerOrganization} uploads in progress (limit ${defaults.uploads.slotsPerOrganization}); retry when one has finished`,
    ),
    pendingImports: rateLimited(
      'The organization has PENDING_IMPORTS_PER_ORGANIZATION imports waiting or running; nothing was stored',
      `This organization has reached its limit of ${defaults.quotas.pendingImports} imports waiting or running (PENDING_IMPORTS_PER_ORGANIZATION); retry when one has finished`,
    ),
    pendingImportBytes: rateLimited(
      "The files of the organization's unfinished imports would exceed PENDING_IMPORT_BYTES_PER_ORGANIZATION; nothing was stored",
      `This upload would take the files of this organization's waiting imports beyond ${defaults.quotas.pendingImportBytes} bytes (PENDING_IMPORT_BYTES_PER_ORGANIZATION); retry when one has finished`,
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
      `The read took longer than ${defaults.reads.statementTimeoutMs} ms and was cancelled; retry later or ask for less`,
    ),
    uploadsPerServer: unavailable(
      'All upload slots of this server are streaming',
      `Too many uploads in progress on this server (limit ${defaults.uploads.slotsPerProcess}); retry shortly`,
    ),
  },
} as const satisfies { [T in ErrorType]?: Record<string, ErrorExample & { type: T }> };

/** 403 for a token without the route's scopes (the message names them, as ScopesGuard does). */
export function missingScopeExample(scopes: readonly string[]): ErrorExample {
  return {
    status: 403,
    type: 'authorization',
    summary: `The token lacks the scope ${scopes.join(', ')}`,
    message: `This operation requires the scope ${scopes.join(', ')}`,
  };
}
