import { parseCliArgs, UsageError } from './cli-args';

describe('parseCliArgs: tokens', () => {
  it('parses --no-expiry, and refuses it together with --expires-at', () => {
    expect(parseCliArgs(['tokens', 'create', '--account', 'a', '--scopes', 'catalog:replace', '--no-expiry'])).toEqual({
      kind: 'tokens:create',
      accountId: 'a',
      scopes: ['catalog:replace'],
      name: undefined,
      expiresAt: undefined,
      noExpiry: true,
    });
    expect(() =>
      parseCliArgs(['tokens', 'create', '--account', 'a', '--scopes', '', '--no-expiry', '--expires-at', '2030-01-01T00:00:00Z']),
    ).toThrow(new UsageError('--expires-at and --no-expiry exclude each other'));
  });

  it('leaves the expiry to the default when neither is given', () => {
    expect(parseCliArgs(['tokens', 'create', '--account', 'a', '--scopes', 'accounts--my:ro'])).toMatchObject({
      expiresAt: undefined,
      noExpiry: false,
    });
  });

  it('parses tokens list --account, which requires the account', () => {
    expect(parseCliArgs(['tokens', 'list', '--account', 'acc_1'])).toEqual({ kind: 'tokens:list', accountId: 'acc_1' });
    expect(() => parseCliArgs(['tokens', 'list'])).toThrow(new UsageError('--account is required'));
  });
});
