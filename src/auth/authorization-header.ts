const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Normalises the Authorization header to `Basic <base64>` for passport-http, or returns null when
 * it cannot be Basic credentials. Accepts the scheme word in any case, and (as the API contract allows) a bare Base64
 * value of `account_id:token` with no scheme word.
 */
export function normalizeBasicAuthorization(header: string | undefined): string | null {
  if (header === undefined) return null;
  const value = header.trim();
  const match = /^([A-Za-z]+) +(\S+)$/.exec(value);
  if (match) return match[1].toLowerCase() === 'basic' && isCredentials(match[2]) ? `Basic ${match[2]}` : null;
  return isCredentials(value) ? `Basic ${value}` : null;
}

function isCredentials(encoded: string): boolean {
  if (!BASE64.test(encoded) || encoded.length % 4 === 1) return false;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // RFC 7617: the password is everything after the first colon; tokens never contain one, and
  // passport-http would silently truncate at a second colon, so such credentials are refused.
  return colon > 0 && colon < decoded.length - 1 && !decoded.includes(':', colon + 1);
}

/** Account id and secret of a header normalizeBasicAuthorization accepted (`Basic <base64>`). */
export function decodeBasicCredentials(normalized: string): { accountId: string; secret: string } {
  const decoded = Buffer.from(normalized.slice('Basic '.length), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return { accountId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}
