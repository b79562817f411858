import { hasScopes, isScope, SCOPES } from './scopes';

describe('isScope', () => {
  it.each(['accounts--my:ro', 'accounts--my:rw', 'catalog:replace', 'webhooks:manage'])('accepts the defined scope %s', (scope) => {
    expect(isScope(scope)).toBe(true);
  });

  it.each(['', 'accounts--my', 'accounts--my:RO', 'ACCOUNTS--MY:RW', 'accounts--my:admin', ' accounts--my:ro', 'accounts--my:ro '])(
    'refuses %p',
    (value) => {
      expect(isScope(value)).toBe(false);
    },
  );

  it('defines the two scopes of the contract and the two grants for lasting harm', () => {
    expect([...SCOPES].sort()).toEqual(['accounts--my:ro', 'accounts--my:rw', 'catalog:replace', 'webhooks:manage']);
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

describe('catalog:replace and webhooks:manage', () => {
  it('are not implied by read-write, and imply nothing but themselves', () => {
    expect(hasScopes(['accounts--my:rw'], ['catalog:replace'])).toBe(false);
    expect(hasScopes(['accounts--my:rw'], ['webhooks:manage'])).toBe(false);
    expect(hasScopes(['catalog:replace', 'webhooks:manage'], ['accounts--my:ro'])).toBe(false);
    expect(hasScopes(['webhooks:manage'], ['catalog:replace'])).toBe(false);
    expect(hasScopes(['accounts--my:rw', 'catalog:replace'], ['accounts--my:rw', 'catalog:replace'])).toBe(true);
    expect(hasScopes(['webhooks:manage'], ['webhooks:manage'])).toBe(true);
  });
});
