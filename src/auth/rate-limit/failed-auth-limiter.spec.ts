import { FailedAuthLimiter } from './failed-auth-limiter';

describe('FailedAuthLimiter', () => {
  it('lets an address fail `limit` times in a minute, then refuses it until the window ends', () => {
    let now = 1_000_000;
    const limiter = new FailedAuthLimiter(3, () => now);
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfterSeconds('10.0.0.1')).toBe(0);
      limiter.recordFailure('10.0.0.1');
    }
    expect(limiter.retryAfterSeconds('10.0.0.1')).toBe(60);
    now += 45_500;
    expect(limiter.retryAfterSeconds('10.0.0.1')).toBe(15);
    now += 14_500;
    expect(limiter.retryAfterSeconds('10.0.0.1')).toBe(0);
    limiter.recordFailure('10.0.0.1'); // a new window starts from one failure
    expect(limiter.retryAfterSeconds('10.0.0.1')).toBe(0);
  });

  it('counts addresses separately', () => {
    const limiter = new FailedAuthLimiter(1, () => 0);
    limiter.recordFailure('a');
    expect(limiter.retryAfterSeconds('a')).toBeGreaterThan(0);
    expect(limiter.retryAfterSeconds('b')).toBe(0);
  });

  it('stays bounded when many addresses fail, forgetting finished windows first', () => {
    let now = 0;
    const limiter = new FailedAuthLimiter(1, () => now);
    limiter.recordFailure('old');
    now = 61_000;
    for (let i = 0; i < 100_000; i++) limiter.recordFailure(`addr-${i}`);
    expect(limiter.retryAfterSeconds('addr-0')).toBeGreaterThan(0);
    expect(limiter.retryAfterSeconds('addr-99999')).toBeGreaterThan(0);
    limiter.recordFailure('one-more'); // the map is full of live windows: the oldest one goes
    expect(limiter.retryAfterSeconds('one-more')).toBeGreaterThan(0);
    expect(limiter.retryAfterSeconds('addr-0')).toBe(0);
  });
});
