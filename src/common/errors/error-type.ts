import type { ErrorType } from './error-response.dto';

/** The ErrorResponse type for an HTTP status that was raised without an explicit type. */
export function errorTypeForStatus(status: number): ErrorType {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'authentication';
    case 403:
      return 'authorization';
    case 404:
      return 'not_found';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 409:
      return 'conflict';
    case 422:
      return 'validation';
    case 429:
      return 'rate_limited';
    case 503:
      return 'unavailable';
    default:
      return status >= 500 ? 'internal' : 'bad_request';
  }
}
