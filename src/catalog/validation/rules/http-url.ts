import { PRODUCT_LIMITS } from '../product-limits';

/** Scheme plus a host right after "//" (WHATWG would silently accept "http:///x" or "http:x"). */
const HTTP_PREFIX = /^https?:\/\/[^/\\?#]/i;
/** Whitespace and control characters are stripped or re-encoded by URL parsers, so the stored
 *  string would not be the URL clients actually fetch; refuse them instead. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SPACE_OR_CONTROL = /[\u0000-\u0020\u007f-\u009f]/;

/** Absolute http(s) URL, stored as sent (no normalisation, so hashes follow the feed). */
export function isHttpUrl(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= PRODUCT_LIMITS.urlMaxLength &&
    HTTP_PREFIX.test(value) &&
    !SPACE_OR_CONTROL.test(value) &&
    URL.canParse(value)
  );
}

export const HTTP_URL_MESSAGE = `must be an absolute http or https URL of at most ${PRODUCT_LIMITS.urlMaxLength} characters`;
