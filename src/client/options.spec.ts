import { InvalidArgumentError } from 'commander';
import { UsageError } from './errors';
import { DEFAULT_URL, idempotencyKeyOption, intOption, resolveConnection } from './options';

describe('client options', () => {
  const env = { PDS_URL: 'https://pds.example.com/api/catalog', PDS_ACCOUNT: 'acme-ops', PDS_TOKEN: 'pdt_env' };

  it('takes the connection from the environment, flags first, and defaults the URL', () => {
    expect(resolveConnection({}, env)).toEqual({ url: env.PDS_URL, account: 'acme-ops', token: 'pdt_env' });
    expect(resolveConnection({ url: 'http://127.0.0.1:4000', account: 'other', token: 'pdt_flag' }, env)).toEqual({
      url: 'http://127.0.0.1:4000',
      account: 'other',
      token: 'pdt_flag',
    });
    expect(resolveConnection({}, { PDS_ACCOUNT: 'a', PDS_TOKEN: 't', PDS_URL: '' }).url).toBe(DEFAULT_URL);
  });

  it.each([
    [{}, { PDS_TOKEN: 't' }, /no account: pass --account <id> or set PDS_ACCOUNT/],
    [{}, { PDS_ACCOUNT: 'a' }, /no token: set PDS_TOKEN/],
    [{ url: 'localhost:3000' }, { PDS_ACCOUNT: 'a', PDS_TOKEN: 't' }, /must be an http\(s\) URL/],
    [{ url: 'not a url' }, { PDS_ACCOUNT: 'a', PDS_TOKEN: 't' }, /must be an http\(s\) URL/],
    [{ url: 'http://h/?x=1' }, { PDS_ACCOUNT: 'a', PDS_TOKEN: 't' }, /no query or fragment/],
  ])('refuses %j with %j before sending anything', (flags, environment, message) => {
    expect(() => resolveConnection(flags, environment)).toThrow(UsageError);
    expect(() => resolveConnection(flags, environment)).toThrow(message);
  });

  it('parses bounded integers and Idempotency-Keys of 1-255 characters', () => {
    const limit = intOption(1, 100);
    expect(limit('42')).toBe(42);
    for (const bad of ['0', '101', '-1', '1.5', 'ten', '']) expect(() => limit(bad)).toThrow(InvalidArgumentError);
    expect(idempotencyKeyOption('k'.repeat(255))).toHaveLength(255);
    expect(() => idempotencyKeyOption('k'.repeat(256))).toThrow(InvalidArgumentError);
    expect(() => idempotencyKeyOption('')).toThrow(InvalidArgumentError);
  });
});
