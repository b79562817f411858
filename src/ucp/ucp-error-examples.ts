import { JSON_BODY_MESSAGES } from '../common/http/json-body';
import { errorExamples, payloadTooLarge, validation } from '../openapi/error-examples';
import { MAX_REQUEST_BODY_BYTES } from './ucp-requests';

/** What the UCP REST binding answers besides the common cases (the openapi-errors e2e specs provoke each one). */
export const UCP_ERRORS = errorExamples({
  payload_too_large: {
    ucpBody: payloadTooLarge('The JSON body is larger than 64 KiB', JSON_BODY_MESSAGES.tooLarge(MAX_REQUEST_BODY_BYTES)),
  },
  validation: {
    ucpSearch: validation('A search with neither query nor filters', 'a search needs a query or at least one filter'),
    ucpFilter: validation('A filter this service does not apply (refused rather than ignored)', 'filters: Unrecognized key: "color"'),
    ucpLookupIds: validation('ids empty or over 100', 'ids: Too small: expected array to have >=1 items'),
    ucpProductId: validation('id missing', 'id: Invalid input: expected string, received undefined'),
  },
} as const);
