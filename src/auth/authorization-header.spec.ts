import fc from 'fast-check';
import { normalizeBasicAuthorization } from './authorization-header';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const CREDENTIALS = b64('acc_123:pdt_secret-token_value');

describe('normalizeBasicAuthorization', () => {
  it('passes a well-formed Basic header through unchanged', () => {
    expect(normalizeBasicAuthorization(`Basic ${CREDENTIALS}`)).toBe(`Basic ${CREDENTIALS}`);
  });

  it.each(['basic', 'BASIC', 'bAsIc'])('accepts the scheme word in any case (%s) and rewrites it as "Basic"', (scheme) => {
    expect(normalizeBasicAuthorization(`${scheme} ${CREDENTIALS}`)).toBe(`Basic ${CREDENTIALS}`);
  });

  it('accepts a bare Base64 value of account_id:token without a scheme word', () => {
    expect(normalizeBasicAuthorization(CREDENTIALS)).toBe(`Basic ${CREDENTIALS}`);
  });

  it('ignores whitespace around the header value', () => {
    expect(normalizeBasicAuthorization(`  Basic ${CREDENTIALS}  `)).toBe(`Basic ${CREDENTIALS}`);
    expect(normalizeBasicAuthorization(` ${CREDENTIALS} `)).toBe(`Basic ${CREDENTIALS}`);
  });

  it('returns null when there is no header', () => {
    expect(normalizeBasicAuthorization(undefined)).toBeNull();
    expect(normalizeBasicAuthorization('')).toBeNull();
    expect(normalizeBasicAuthorization('   ')).toBeNull();
  });

  it.each(['Bearer', 'Digest', 'Token', 'Basicx'])('refuses another scheme (%s) even with valid credentials', (scheme) => {
    expect(normalizeBasicAuthorization(`${scheme} ${CREDENTIALS}`)).toBeNull();
  });

  it.each([
    ['the scheme word alone', 'Basic'],
    ['the scheme word and a space', 'Basic '],
    ['characters outside Base64', 'Basic !!!not-base64!!!'],
    ['a bare non-Base64 value', 'acc_123:token'],
    ['two values after the scheme', `Basic ${CREDENTIALS} ${CREDENTIALS}`],
    ['a Base64 length that cannot be valid (4n+1 characters)', `Basic ${b64('a:b')}Q`],
    ['misplaced padding', 'Basic YW=JjOmQ='],
  ])('refuses garbage: %s', (_label, header) => {
    expect(normalizeBasicAuthorization(header)).toBeNull();
  });

  it('refuses a password holding a second colon (passport-http would truncate it)', () => {
    expect(normalizeBasicAuthorization(`Basic ${b64('acc:token:extra')}`)).toBeNull();
  });

  it('refuses credentials without a colon', () => {
    expect(normalizeBasicAuthorization(`Basic ${b64('acc_123pdt_token')}`)).toBeNull();
    expect(normalizeBasicAuthorization(b64('acc_123pdt_token'))).toBeNull();
  });

  it('refuses an empty password', () => {
    expect(normalizeBasicAuthorization(`Basic ${b64('acc_123:')}`)).toBeNull();
    expect(normalizeBasicAuthorization(b64('acc_123:'))).toBeNull();
  });

  it('refuses an empty account id', () => {
    expect(normalizeBasicAuthorization(`Basic ${b64(':pdt_token')}`)).toBeNull();
  });

  it('refuses an empty account id and password', () => {
    expect(normalizeBasicAuthorization(`Basic ${b64(':')}`)).toBeNull();
  });

  it('accepts any non-empty account id and password without a colon, with or without the scheme word', () => {
    const accountId = fc.string({ minLength: 1, maxLength: 100 }).filter((s) => !s.includes(':'));
    const password = fc.string({ minLength: 1, maxLength: 100 }).filter((s) => !s.includes(':'));
    fc.assert(
      fc.property(accountId, password, fc.constantFrom('Basic ', 'basic ', 'BASIC ', ''), (user, pass, scheme) => {
        const encoded = b64(`${user}:${pass}`);
        expect(normalizeBasicAuthorization(`${scheme}${encoded}`)).toBe(`Basic ${encoded}`);
      }),
    );
  });
});
