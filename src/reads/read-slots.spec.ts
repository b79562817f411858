import { ReadSlots, type ReadSlotGrant } from './read-slots';

const release = (grant: ReadSlotGrant): (() => void) => {
  if (!('release' in grant)) throw new Error(`refused: ${grant.refused}`);
  return grant.release;
};

describe('ReadSlots', () => {
  it('gives an account `perAccount` slots, refuses the next, and frees a slot once per release', () => {
    const slots = new ReadSlots({ perAccount: 2, perOrganization: 100, perProcess: 100 });
    const first = release(slots.tryAcquire('a', 'org'));
    release(slots.tryAcquire('a', 'org'));
    expect(slots.tryAcquire('a', 'org')).toEqual({ refused: 'account' });
    release(slots.tryAcquire('b', 'org')); // accounts are counted apart
    first();
    first(); // a second release of the same slot frees nothing more
    expect(slots.inUse('a')).toBe(1);
    release(slots.tryAcquire('a', 'org'));
    expect(slots.tryAcquire('a', 'org')).toEqual({ refused: 'account' });
  });

  it('gives an organization `perOrganization` slots whatever its number of accounts; other organizations go on', () => {
    const slots = new ReadSlots({ perAccount: 2, perOrganization: 3, perProcess: 100 });
    const held = ['a1', 'a2', 'a3'].map((account) => release(slots.tryAcquire(account, 'big')));
    expect(slots.tryAcquire('a4', 'big')).toEqual({ refused: 'organization' });
    expect(slots.inUseByOrganization('big')).toBe(3);
    release(slots.tryAcquire('b1', 'small'));
    held[0]();
    release(slots.tryAcquire('a4', 'big'));
    expect(slots.tryAcquire('a5', 'big')).toEqual({ refused: 'organization' });
  });

  it('refuses any read beyond `perProcess`, all organizations together, and takes nothing for a refused one', () => {
    const slots = new ReadSlots({ perAccount: 5, perOrganization: 5, perProcess: 4 });
    const held = ['x', 'y', 'z', 'w'].map((organization) => release(slots.tryAcquire(`${organization}-account`, organization)));
    expect(slots.tryAcquire('v-account', 'v')).toEqual({ refused: 'process' });
    expect(slots.inUseByProcess).toBe(4);
    expect(slots.inUse('v-account')).toBe(0);
    expect(slots.inUseByOrganization('v')).toBe(0);
    held[3]();
    release(slots.tryAcquire('v-account', 'v'));
    expect(slots.inUseByProcess).toBe(4);
  });

  it('forgets an account and an organization once they hold no slot', () => {
    const slots = new ReadSlots({ perAccount: 1, perOrganization: 1, perProcess: 1 });
    release(slots.tryAcquire('a', 'org'))();
    expect([slots.inUse('a'), slots.inUseByOrganization('org'), slots.inUseByProcess]).toEqual([0, 0, 0]);
    expect('release' in slots.tryAcquire('a', 'org')).toBe(true);
  });
});
