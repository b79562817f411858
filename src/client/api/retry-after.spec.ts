import { MAX_RETRY_AFTER_MS, retryAfterMs } from './retry-after';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-26T08:00:00Z');

  it.each([
    ['5', 5_000],
    [' 0 ', 0],
    ['120', MAX_RETRY_AFTER_MS],
    ['Thu, 26 Nov 2026 08:00:03 GMT', 3_000],
    ['Thu, 26 Nov 2026 07:59:00 GMT', 0],
  ])('reads %j as %i ms', (header, expected) => {
    expect(retryAfterMs(header, 1_000, now)).toBe(expected);
  });

  it.each([[null], [''], ['soon'], ['-3']])('falls back when the header is %j', (header) => {
    expect(retryAfterMs(header, 1_234, now)).toBe(1_234);
  });
});
