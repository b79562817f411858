import { READING_WINDOW_MS, ReadSlots, type ReadSlotGrant } from './read-slots';

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

  it('gives an organization reading alone `perOrganization` slots whatever its number of accounts', () => {
    const slots = new ReadSlots({ perAccount: 2, perOrganization: 3, perProcess: 100 });
    const held = ['a1', 'a2', 'a3'].map((account) => release(slots.tryAcquire(account, 'big')));
    expect(slots.tryAcquire('a4', 'big')).toEqual({ refused: 'organization' });
    expect(slots.inUseByOrganization('big')).toBe(3);
    held[0]();
    release(slots.tryAcquire('a4', 'big'));
    expect(slots.tryAcquire('a5', 'big')).toEqual({ refused: 'organization' });
  });

  describe('sharing `perOrganization` while several organizations read', () => {
    let clock: number;
    const sharing = (perOrganization: number) =>
      new ReadSlots({ perAccount: 10, perOrganization, perProcess: 100 }, undefined, () => clock);
    beforeEach(() => (clock = 1_000_000));

    it('lets another organization in at once and holds the first to its share (ceil of the limit over those reading) as its reads end', () => {
      const slots = sharing(3);
      const held = ['a1', 'a2', 'a3'].map((account) => release(slots.tryAcquire(account, 'big')));
      release(slots.tryAcquire('b1', 'small'));
      expect(slots.organizationsReading()).toBe(2);
      expect(slots.organizationShare()).toBe(2);
      held[0]();
      expect(slots.tryAcquire('a4', 'big')).toEqual({ refused: 'organization' }); // 2 held = its share
      held[1]();
      release(slots.tryAcquire('a4', 'big'));
      expect(slots.inUseByOrganization('big')).toBe(2);
      release(slots.tryAcquire('c1', 'third'));
      expect(slots.organizationShare()).toBe(1);
    });

    it('counts an organization as reading for READING_WINDOW_MS after its last read, then gives the whole limit back', () => {
      const slots = sharing(2);
      release(slots.tryAcquire('b1', 'small'))(); // a short read, over at once
      const flood = release(slots.tryAcquire('a1', 'big'));
      expect(slots.tryAcquire('a2', 'big')).toEqual({ refused: 'organization' });
      clock += READING_WINDOW_MS;
      expect(slots.tryAcquire('a2', 'big')).toEqual({ refused: 'organization' }); // still within the window
      clock += 1;
      release(slots.tryAcquire('a2', 'big'));
      expect([slots.organizationsReading(), slots.inUseByOrganization('big')]).toEqual([1, 2]);
      flood();
    });

    it('keeps counting an organization whose read outlasts the window, and gives each at least one slot however many read', () => {
      const slots = sharing(2);
      release(slots.tryAcquire('b1', 'slow'));
      clock += 10 * READING_WINDOW_MS;
      const organizations = Array.from({ length: 5 }, (_, i) => `o${i}`);
      for (const organization of organizations) release(slots.tryAcquire(`${organization}-a`, organization));
      expect(slots.organizationsReading()).toBe(6);
      expect(slots.organizationShare()).toBe(1);
      expect(slots.tryAcquire('o0-b', 'o0')).toEqual({ refused: 'organization' });
    });
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

  describe('waiting for a slot', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('hands a freed slot to the oldest waiter its limits allow, and refuses the rest after waitMs', async () => {
      const slots = new ReadSlots({ perAccount: 5, perOrganization: 1, perProcess: 10 }, { waitMs: 1_000, waitingPerOrganization: 5 });
      const held = release(await slots.acquire('a1', 'big'));
      const first = slots.acquire('a2', 'big');
      const second = slots.acquire('a3', 'big');
      const other = release(await slots.acquire('b1', 'small')); // another organization does not wait
      expect(slots.waiting).toBe(2);
      held();
      const served = release(await first);
      expect(slots.inUse('a2')).toBe(1);
      expect(slots.waiting).toBe(1);
      jest.advanceTimersByTime(1_000);
      expect(await second).toEqual({ refused: 'organization' });
      expect(slots.waiting).toBe(0);
      served();
      other();
      expect([slots.inUseByOrganization('big'), slots.inUseByProcess]).toEqual([0, 0]);
    });

    it('refuses at once beyond waitingPerOrganization waiters, or with waitMs 0', async () => {
      const slots = new ReadSlots({ perAccount: 5, perOrganization: 1, perProcess: 10 }, { waitMs: 1_000, waitingPerOrganization: 1 });
      release(await slots.acquire('a1', 'big'));
      void slots.acquire('a2', 'big');
      expect(await slots.acquire('a3', 'big')).toEqual({ refused: 'organization' });
      const refusing = new ReadSlots({ perAccount: 1, perOrganization: 5, perProcess: 10 });
      release(await refusing.acquire('a', 'org'));
      expect(await refusing.acquire('a', 'org')).toEqual({ refused: 'account' });
      expect(refusing.waiting).toBe(0);
    });

    it('ends a wait with no slot when its client is gone, and a freed slot then goes to the next waiter', async () => {
      const slots = new ReadSlots({ perAccount: 5, perOrganization: 1, perProcess: 10 }, { waitMs: 1_000, waitingPerOrganization: 5 });
      const held = release(await slots.acquire('a1', 'big'));
      const gone = new AbortController();
      const abandoned = slots.acquire('a2', 'big', gone.signal);
      const next = slots.acquire('a3', 'big');
      gone.abort();
      expect(await abandoned).toEqual({ refused: 'organization' });
      held();
      release(await next);
      expect(slots.inUse('a2')).toBe(0);
      expect(slots.inUse('a3')).toBe(1);
    });

    it('never lets waiters exceed any limit, whatever the order of acquires and releases', async () => {
      const slots = new ReadSlots({ perAccount: 2, perOrganization: 3, perProcess: 4 }, { waitMs: 1_000, waitingPerOrganization: 50 });
      const grants: Array<() => void> = [];
      const pending: Array<Promise<ReadSlotGrant>> = [];
      for (let i = 0; i < 30; i++) {
        const promise = slots.acquire(`a${i % 4}`, `o${i % 3}`);
        pending.push(promise);
        void promise.then((g) => 'release' in g && grants.push(g.release));
        if (i % 3 === 2) grants.shift()?.();
        await Promise.resolve();
        expect(slots.inUseByProcess).toBeLessThanOrEqual(4);
        for (let o = 0; o < 3; o++) expect(slots.inUseByOrganization(`o${o}`)).toBeLessThanOrEqual(3);
        for (let a = 0; a < 4; a++) expect(slots.inUse(`a${a}`)).toBeLessThanOrEqual(2);
      }
      while (grants.length > 0 || slots.waiting > 0) {
        grants.shift()?.();
        await Promise.resolve();
        if (grants.length === 0 && slots.waiting > 0) jest.advanceTimersByTime(1_000);
        await Promise.resolve();
      }
      await Promise.all(pending);
      expect([slots.inUseByProcess, slots.waiting]).toEqual([0, 0]);
    });
  });
});
