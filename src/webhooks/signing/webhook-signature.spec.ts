import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { newWebhookSecret, signatureHeader, verifySignature } from './webhook-signature';

describe('webhook signatures', () => {
  const secret = 'whsec_test-secret';
  const body = '{"id":"e1","type":"import.done"}';
  const at = new Date('2026-11-26T07:00:00.500Z');

  it('signs "<t>.<body>" with HMAC-SHA256 of the secret, t in whole unix seconds', () => {
    const expected = createHmac('sha256', secret).update(`1795676400.${body}`).digest('hex');
    expect(signatureHeader(secret, body, at)).toBe(`t=1795676400,v1=${expected}`);
  });

  it('signs with each secret given, newest first, one v1 each: a receiver holding either secret accepts it', () => {
    const previous = 'whsec_previous';
    const header = signatureHeader([secret, previous], body, at);
    const sign = (key: string) => createHmac('sha256', key).update(`1795676400.${body}`).digest('hex');
    expect(header).toBe(`t=1795676400,v1=${sign(secret)},v1=${sign(previous)}`);
    expect(verifySignature(header, secret, body, { now: at })).toBe(true);
    expect(verifySignature(header, previous, body, { now: at })).toBe(true);
    expect(verifySignature(header, 'whsec_other', body, { now: at })).toBe(false);
  });

  it('verifies its own signature within the tolerance window and refuses it outside', () => {
    const header = signatureHeader(secret, body, at);
    expect(verifySignature(header, secret, body, { now: new Date(at.getTime() + 299_000) })).toBe(true);
    expect(verifySignature(header, secret, body, { now: new Date(at.getTime() + 301_000) })).toBe(false);
    expect(verifySignature(header, secret, body, { now: new Date(at.getTime() - 301_000) })).toBe(false);
  });

  it.each([
    ['another secret', (h: string) => verifySignature(h, 'whsec_other', body, { now: at })],
    ['a changed body', (h: string) => verifySignature(h, secret, `${body} `, { now: at })],
    ['a changed timestamp', (h: string) => verifySignature(h.replace('t=1795676400', 't=1795676401'), secret, body, { now: at })],
    ['no v1', (h: string) => verifySignature(h.split(',')[0], secret, body, { now: at })],
    ['garbage', () => verifySignature('v1=zz,t=x', secret, body, { now: at })],
  ])('refuses %s', (_name, check) => {
    expect(check(signatureHeader(secret, body, at))).toBe(false);
  });

  it('accepts any body and secret it signed, and refuses any single flipped hex digit (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), fc.nat({ max: 63 }), (anyBody, anySecret, position) => {
        const header = signatureHeader(anySecret, anyBody, at);
        expect(verifySignature(header, anySecret, anyBody, { now: at })).toBe(true);
        const digits = header.slice(header.indexOf('v1=') + 3);
        const flipped = digits.slice(0, position) + (digits[position] === '0' ? '1' : '0') + digits.slice(position + 1);
        expect(verifySignature(header.replace(digits, flipped), anySecret, anyBody, { now: at })).toBe(false);
      }),
    );
  });

  it('makes 256-bit secrets that differ each time', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});
