import { PassPacing } from './pass-pacing';

describe('PassPacing', () => {
  const clock = (start = 1_000) => {
    let now = start;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('rests nine times a pass at a tenth of the time, and is due again exactly then', () => {
    const c = clock();
    const pacing = new PassPacing(0.1, c.now);
    expect(pacing.due).toBe(true);
    const started = c.now();
    c.advance(500);
    pacing.ended(started);
    c.advance(4_499);
    expect(pacing.due).toBe(false);
    c.advance(1);
    expect(pacing.due).toBe(true);
  });

  it('does not rest after an instant pass, nor at a share of 1', () => {
    const c = clock();
    const tenth = new PassPacing(0.1, c.now);
    tenth.ended(c.now());
    expect(tenth.due).toBe(true);
    const whole = new PassPacing(1, c.now);
    const started = c.now();
    c.advance(10_000);
    whole.ended(started);
    expect(whole.due).toBe(true);
  });

  it.each([0, -0.1, 1.01, Number.NaN])('refuses a share of %p', (share) => {
    expect(() => new PassPacing(share)).toThrow(RangeError);
  });
});
