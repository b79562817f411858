import { acceptedFormatsText } from '../../common/feeds/feed-format';
import {
  authorization,
  badRequest,
  conflict,
  DEFAULT_CONFIG,
  errorExamples,
  notFound,
  payloadTooLarge,
  rateLimited,
  requestTimeout,
  unavailable,
  unsupportedMediaType,
  validation,
} from '../../openapi/error-examples';
import { MAX_FILE_BYTES, MULTIPART_LIMITS } from './upload/upload-limits';

const JOB_ID = '3f0c2a9e-0d4b-4c57-9a8e-2f9c1b7d5e10';
const { uploads, quotas } = DEFAULT_CONFIG;

/** What the upload and the job routes answer besides the common cases (the openapi-errors e2e specs provoke each one). */
export const IMPORT_ERRORS = errorExamples({
  bad_request: {
    malformedMultipart: badRequest('Malformed multipart body', 'Malformed multipart request: Multipart: Boundary not found'),
    aborted: badRequest('The client aborted the upload', 'The upload was aborted by the client'),
    tooManyParts: badRequest('Too many form parts', `Too many form parts (limit ${MULTIPART_LIMITS.parts})`),
    tooSlow: requestTimeout(
      'The upload arrived too slowly (408; the connection is closed, nothing is stored)',
      `The upload arrived slower than ${uploads.minBytesPerSecond} bytes/s over ${uploads.minRateWindowMs / 1000} s ` +
        'and was aborted; nothing was stored',
    ),
  },
  authorization: {
    massDelete: authorization(
      'mode=replace with allow_mass_delete=true from a token without the scope catalog:replace (nothing is stored)',
      'This operation requires the scope catalog:replace',
    ),
  },
  not_found: {
    importJob: notFound("No import job with that id in the caller's organization", `Import job ${JOB_ID} not found`),
  },
  payload_too_large: {
    file: payloadTooLarge(
      'The file is larger than the limit; nothing was stored',
      `The file exceeds ${MAX_FILE_BYTES.toLocaleString('en-US')} bytes (50 MiB)`,
    ),
  },
  unsupported_media_type: {
    notMultipart: unsupportedMediaType(
      'The body is not multipart/form-data',
      'The upload must be sent as multipart/form-data with a part named "file"',
    ),
    unknownFormat: unsupportedMediaType(
      'The file format cannot be told',
      `The format of the file cannot be told from its content type, name or first bytes; accepted: ${acceptedFormatsText()}`,
    ),
  },
  validation: {
    noFilePart: validation('No file part', 'The request has no file part named "file"'),
    twoFiles: validation('More than one file', 'Exactly one file part named "file" is allowed'),
    fileName: validation('A file name with a path', 'The file name must not contain a path'),
    idempotencyKeyLength: validation('Idempotency-Key empty or over 255 characters', 'Idempotency-Key must be 1 to 255 characters'),
    idempotencyKeyReused: validation(
      'Idempotency-Key already used within 24 h with a different file',
      `Idempotency-Key "nightly-2026-11-25" was used within the last 24 h with a different file (job ${JOB_ID}); send a new key with a new file`,
    ),
    jobId: validation('job_id is not a UUID', 'job_id must be a UUID'),
    mode: validation('mode other than merge or replace', 'mode must be merge or replace'),
    allowMassDelete: validation('allow_mass_delete not true or false', 'allow_mass_delete must be true or false'),
    allowMassDeleteWithoutReplace: validation(
      'allow_mass_delete given without mode=replace',
      'allow_mass_delete applies only to mode=replace',
    ),
  },
  conflict: {
    importFinished: conflict(
      'The job already ended done or failed without a cancel request',
      `Import job ${JOB_ID} already ended done; only a pending or processing job can be cancelled`,
    ),
  },
  rate_limited: {
    uploadsPerAccount: rateLimited(
      'This account already streams UPLOAD_SLOTS_PER_ACCOUNT uploads to this server',
      `This account already has ${uploads.slotsPerAccount} uploads in progress (limit ${uploads.slotsPerAccount}); retry when one has finished`,
    ),
    uploadsPerOrganization: rateLimited(
      "This organization's accounts together already stream UPLOAD_SLOTS_PER_ORGANIZATION uploads to this server",
      `This organization already has ${uploads.slotsPerOrganization} uploads in progress (limit ${uploads.slotsPerOrganization}); retry when one has finished`,
    ),
    pendingImports: rateLimited(
      'The organization has PENDING_IMPORTS_PER_ORGANIZATION imports waiting or running; nothing was stored',
      `This organization has reached its limit of ${quotas.pendingImports} imports waiting or running (PENDING_IMPORTS_PER_ORGANIZATION); retry when one has finished`,
    ),
    pendingImportBytes: rateLimited(
      "The files of the organization's unfinished imports would exceed PENDING_IMPORT_BYTES_PER_ORGANIZATION; nothing was stored",
      `This upload would take the files of this organization's waiting imports beyond ${quotas.pendingImportBytes} bytes (PENDING_IMPORT_BYTES_PER_ORGANIZATION); retry when one has finished`,
    ),
  },
  unavailable: {
    uploadsPerServer: unavailable(
      'All upload slots of this server are streaming',
      `Too many uploads in progress on this server (limit ${uploads.slotsPerProcess}); retry shortly`,
    ),
  },
} as const);
