import { FixedWindowThrottlerStorage } from './fixed-window-storage';

describe('FixedWindowThrottlerStorage', () => {
  it('allows `limit` hits per window, blocks the next with the seconds left, and resets after the window', async () => {
    let now = 1_000_000;
    const storage = new FixedWindowThrottlerStorage(() => now);
    for (let i = 1; i <= 3; i++) await expect(storage.increment('k', 60_000, 3)).resolves.toMatchObject({ totalHits: i, isBlocked: false });
    now += 15_000;
    await expect(storage.increment('k', 60_000, 3)).resolves.toEqual({
      totalHits: 4,
      timeToExpire: 45,
      isBlocked: true,
      timeToBlockExpire: 45,
    });
    now += 45_000;
    await expect(storage.increment('k', 60_000, 3)).resolves.toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('counts keys separately', async () => {
    const storage = new FixedWindowThrottlerStorage(() => 0);
    await storage.increment('a', 1_000, 1);
    await expect(storage.increment('a', 1_000, 1)).resolves.toMatchObject({ isBlocked: true });
    await expect(storage.increment('b', 1_000, 1)).resolves.toMatchObject({ isBlocked: false });
  });
});
