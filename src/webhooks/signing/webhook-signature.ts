import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The request header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`; after
 * a rotation, one v1 per secret still signing (the newest first): a receiver accepts any match.
 */
export const SIGNATURE_HEADER = 'Product-Directory-Signature';
/** How far a receiver should let `t` be from its own clock (docs/webhooks.md shows the check). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** A new signing secret: 256 random bits. Shown once at creation; the HMAC key is the whole string (UTF-8). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function signatureHex(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/** The header value for `body` signed at `now` with each of `secrets`. */
export function signatureHeader(secrets: string | readonly string[], body: string, now: Date = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  const signatures = (typeof secrets === 'string' ? [secrets] : secrets).map((secret) => `v1=${signatureHex(secret, timestamp, body)}`);
  return [`t=${timestamp}`, ...signatures].join(',');
}

/**
 * What a receiver does (also used by the tests): the header parses, `t` is within the tolerance of
 * `now`, and one v1 signature equals the expected HMAC in constant time.
 */
export function verifySignature(
  header: string,
  secret: string,
  body: string,
  options: { now?: Date; toleranceSeconds?: number } = {},
): boolean {
  const parts = header.split(',').map((part) => part.trim().split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  if (!t || !/^\d{1,12}$/.test(t)) return false;
  const timestamp = Number(t);
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return false;
  const expected = Buffer.from(signatureHex(secret, timestamp, body), 'hex');
  return parts
    .filter(([key, value]) => key === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value, 'hex'), expected));
}
