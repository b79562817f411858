import { MinimumRate } from './minimum-rate';

describe('MinimumRate', () => {
  it('forgives the first window, then wants bytesPerSecond × window in every window', () => {
    const rate = new MinimumRate({ bytesPerSecond: 1_000, windowMs: 2_000 });
    expect(rate.windowEnded()).toBe(false); // grace: nothing arrived, still fine
    rate.received(2_000);
    expect(rate.windowEnded()).toBe(false);
    rate.received(1_999);
    expect(rate.windowEnded()).toBe(true);
  });

  it('measures each window on its own (a fast start does not pay for a stall later)', () => {
    const rate = new MinimumRate({ bytesPerSecond: 10, windowMs: 1_000 });
    rate.received(1_000_000);
    rate.windowEnded();
    rate.received(1_000_000);
    expect(rate.windowEnded()).toBe(false);
    expect(rate.windowEnded()).toBe(true);
  });

  it('never complains when turned off', () => {
    const rate = new MinimumRate({ bytesPerSecond: 0, windowMs: 1_000 });
    expect(rate.enabled).toBe(false);
    for (let i = 0; i < 3; i++) expect(rate.windowEnded()).toBe(false);
  });
});
