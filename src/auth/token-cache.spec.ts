import type { TokenCredentials } from './token-credentials';
import { TokenCache } from './token-cache';

const credentials = (id: string): TokenCredentials => ({
  id,
  accountId: 'acc',
  tokenHash: Buffer.alloc(32),
  scopes: [],
  expiresAt: null,
  revokedAt: null,
  organizationId: 'org',
  accountDisabledAt: null,
});

describe('TokenCache', () => {
  it('serves an entry until its TTL ends, then forgets it', () => {
    const cache = new TokenCache(1_000);
    cache.set('k', credentials('t1'), 10_000);
    expect(cache.get('k', 10_999)?.id).toBe('t1');
    expect(cache.get('k', 11_000)).toBeUndefined();
    expect(cache.get('k', 10_500)).toBeUndefined(); // expired entries are removed
  });

  it('caches nothing when the TTL is 0', () => {
    const cache = new TokenCache(0);
    cache.set('k', credentials('t1'), 0);
    expect(cache.get('k', 0)).toBeUndefined();
  });

  it('stays bounded, dropping the oldest entry first', () => {
    const cache = new TokenCache(60_000);
    for (let i = 0; i <= 10_000; i++) cache.set(`k${i}`, credentials(`t${i}`), 0);
    expect(cache.get('k0', 1)).toBeUndefined();
    expect(cache.get('k1', 1)?.id).toBe('t1');
    expect(cache.get('k10000', 1)?.id).toBe('t10000');
  });

  it('forgets only the entries a change names', () => {
    const cache = new TokenCache(60_000);
    cache.set('a', credentials('t1'), 0);
    cache.set('b', credentials('t2'), 0);
    cache.forget((c) => c.id === 't1');
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)?.id).toBe('t2');
    cache.clear();
    expect(cache.get('b', 1)).toBeUndefined();
  });

  it('does not cache a row read before an invalidation that arrived while it was being read', () => {
    const cache = new TokenCache(60_000);
    const generation = cache.currentGeneration;
    cache.forget((c) => c.id === 't1'); // the revocation lands while the query runs
    cache.set('k', credentials('t1'), 0, generation);
    expect(cache.get('k', 1)).toBeUndefined();
    cache.set('k', credentials('t1'), 0, cache.currentGeneration);
    expect(cache.get('k', 1)?.id).toBe('t1');
  });
});
