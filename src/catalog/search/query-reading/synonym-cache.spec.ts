import { SynonymCache } from './synonym-cache';

describe('SynonymCache', () => {
  const rules = [{ from: ['jumper'], to: [['sweater']] }];

  it('keeps each organization’s expansions with their updated_at, and forgets the least recently used beyond its capacity', () => {
    const cache = new SynonymCache(2);
    cache.set('a', 't1', rules);
    cache.set('b', 't1', []);
    expect(cache.get('a')).toEqual({ updatedAt: 't1', expansions: rules }); // a is now the most recent
    cache.set('c', 't1', []);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.expansions).toBe(rules);
    cache.set('a', 't2', []);
    expect(cache.get('a')).toEqual({ updatedAt: 't2', expansions: [] });
  });
});
