import { hasScopes, isScope, SCOPES } from './scopes';

describe('isScope', () => {
  it.each(['accounts--my:ro', 'accounts--my:rw'])('accepts the defined scope %s', (scope) => {
    expect(isScope(scope)).toBe(true);
  });

  it.each(['', 'accounts--my', 'accounts--my:RO', 'ACCOUNTS--MY:RW', 'accounts--my:admin', ' accounts--my:ro', 'accounts--my:ro '])(
    'refuses %p',
    (value) => {
      expect(isScope(value)).toBe(false);
    },
  );

  it('defines exactly the two scopes of the contract', () => {
    expect([...SCOPES].sort()).toEqual(['accounts--my:ro', 'accounts--my:rw']);
  });
});

describe('hasScopes', () => {
  it('requires nothing when no scope is required, even from a token without scopes', () => {
    expect(hasScopes([], [])).toBe(true);
  });

  it('refuses a token without any scope', () => {
    expect(hasScopes([], ['accounts--my:ro'])).toBe(false);
    expect(hasScopes([], ['accounts--my:rw'])).toBe(false);
  });

  it('lets a read-only token read but not write', () => {
    expect(hasScopes(['accounts--my:ro'], ['accounts--my:ro'])).toBe(true);
    expect(hasScopes(['accounts--my:ro'], ['accounts--my:rw'])).toBe(false);
  });

  it('lets a read-write token also read (rw implies ro)', () => {
    expect(hasScopes(['accounts--my:rw'], ['accounts--my:rw'])).toBe(true);
    expect(hasScopes(['accounts--my:rw'], ['accounts--my:ro'])).toBe(true);
    expect(hasScopes(['accounts--my:rw'], ['accounts--my:ro', 'accounts--my:rw'])).toBe(true);
  });

  it('requires every required scope, not just one of them', () => {
    expect(hasScopes(['accounts--my:ro'], ['accounts--my:ro', 'accounts--my:rw'])).toBe(false);
  });

  it('ignores granted values that are not scopes, and does not match them case-insensitively', () => {
    expect(hasScopes(['accounts--my:RW', 'admin', '*'], ['accounts--my:ro'])).toBe(false);
    expect(hasScopes(['admin', 'accounts--my:ro'], ['accounts--my:ro'])).toBe(true);
  });

  it('is not affected by duplicates or order of granted scopes', () => {
    expect(hasScopes(['accounts--my:ro', 'accounts--my:rw', 'accounts--my:ro'], ['accounts--my:rw'])).toBe(true);
  });
});
