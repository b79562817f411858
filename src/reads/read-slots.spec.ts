import { ReadSlots } from './read-slots';

describe('ReadSlots', () => {
  it('gives an account `perAccount` slots, refuses the next, and frees a slot once per release', () => {
    const slots = new ReadSlots(2);
    const first = slots.tryAcquire('a');
    expect(first).not.toBeNull();
    expect(slots.tryAcquire('a')).not.toBeNull();
    expect(slots.tryAcquire('a')).toBeNull();
    expect(slots.tryAcquire('b')).not.toBeNull(); // accounts are counted apart
    first?.();
    first?.(); // a second release of the same slot frees nothing more
    expect(slots.inUse('a')).toBe(1);
    expect(slots.tryAcquire('a')).not.toBeNull();
    expect(slots.tryAcquire('a')).toBeNull();
  });

  it('forgets an account once it holds no slot', () => {
    const slots = new ReadSlots(1);
    slots.tryAcquire('a')?.();
    expect(slots.inUse('a')).toBe(0);
    expect(slots.tryAcquire('a')).not.toBeNull();
  });
});
