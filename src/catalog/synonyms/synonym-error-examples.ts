import { JSON_BODY_MESSAGES } from '../../common/http/json-body';
import { errorExamples, payloadTooLarge, validation } from '../../openapi/error-examples';
import { SYNONYM_LIMITS } from './synonym.dto';

/** What the synonym routes answer besides the common cases. */
export const SYNONYM_ERRORS = errorExamples({
  payload_too_large: {
    synonymsBody: payloadTooLarge('The synonym set is larger than 64 KiB', JSON_BODY_MESSAGES.tooLarge(SYNONYM_LIMITS.bodyBytes)),
  },
  validation: {
    synonymForm: validation(
      'A synonym word or phrase with no searchable word',
      'synonyms: "the" has no searchable word (only stop words or punctuation)',
    ),
    synonymGroup: validation('A synonym group with fewer than 2 members', 'synonyms[0]: a group needs at least 2 words or phrases'),
  },
} as const);
