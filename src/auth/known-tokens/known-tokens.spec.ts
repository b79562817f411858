import { KnownTokens, type KnownToken } from './known-tokens';

const token = (tokenId: string, accountId: string, hashKey = `hash-${tokenId}`): KnownToken => ({ tokenId, accountId, hashKey });

describe('KnownTokens', () => {
  it('holds a hash only for the account it belongs to, and only once loaded says so', () => {
    const known = new KnownTokens();
    expect(known.loaded).toBe(false);
    known.replaceAll([token('t1', 'acc')]);
    expect(known.loaded).toBe(true);
    expect(known.holds('hash-t1', 'acc')).toBe(true);
    expect(known.holds('hash-t1', 'other')).toBe(false);
    expect(known.holds('hash-t2', 'acc')).toBe(false);
  });

  it('forgets a removed token, and a reload replaces everything', () => {
    const known = new KnownTokens();
    known.replaceAll([token('t1', 'acc'), token('t2', 'acc')]);
    known.removeToken('t1');
    expect([known.holds('hash-t1', 'acc'), known.holds('hash-t2', 'acc'), known.size]).toEqual([false, true, 1]);
    known.replaceAll([token('t3', 'acc')]);
    expect([known.holds('hash-t2', 'acc'), known.holds('hash-t3', 'acc'), known.size]).toEqual([false, true, 1]);
  });

  it("replaces one account's tokens without touching another's", () => {
    const known = new KnownTokens();
    known.replaceAll([token('t1', 'a'), token('t2', 'a'), token('t3', 'b')]);
    known.replaceAccount('a', [token('t2', 'a')]);
    expect([known.holds('hash-t1', 'a'), known.holds('hash-t2', 'a'), known.holds('hash-t3', 'b')]).toEqual([false, true, true]);
    known.replaceAccount('a', []); // disabled
    expect([known.holds('hash-t2', 'a'), known.size]).toEqual([false, 1]);
  });

  it('keeps one entry per token when a token is put again', () => {
    const known = new KnownTokens();
    known.put(token('t1', 'acc', 'old'));
    known.put(token('t1', 'acc', 'new'));
    expect([known.holds('old', 'acc'), known.holds('new', 'acc'), known.size]).toEqual([false, true, 1]);
  });
});
