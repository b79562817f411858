import fc from 'fast-check';
import { PrimaryPositions } from './primary-positions';

describe('PrimaryPositions', () => {
  it('knows no lag before the primary was sampled', () => {
    expect(new PrimaryPositions(10_000).lagMs(0n, 1_000)).toBeNull();
  });

  it('reads a replica that replayed the newest position as not behind, whatever the age of that position (an idle primary)', () => {
    const positions = new PrimaryPositions(10_000);
    positions.record(1_000, 500n);
    expect(positions.lagMs(500n, 60_000)).toBe(0);
    expect(positions.lagMs(501n, 60_000)).toBe(0);
  });

  it('measures the age of the oldest position the replica has not replayed', () => {
    const positions = new PrimaryPositions(10_000);
    positions.record(1_000, 100n);
    positions.record(2_000, 200n);
    positions.record(3_000, 300n);
    expect(positions.lagMs(99n, 3_500)).toBe(2_500);
    expect(positions.lagMs(100n, 3_500)).toBe(1_500); // 200 is the first it lacks, seen at 2,000
    expect(positions.lagMs(299n, 3_500)).toBe(500);
    expect(positions.lagMs(300n, 3_500)).toBe(0);
  });

  it('dates a position from the first sample that saw it (a primary that stopped writing)', () => {
    const positions = new PrimaryPositions(10_000);
    positions.record(1_000, 100n);
    positions.record(2_000, 100n);
    positions.record(3_000, 100n);
    expect(positions.size).toBe(1);
    expect(positions.lagMs(50n, 4_000)).toBe(3_000);
  });

  it('keeps memory bounded yet never reads a replica stuck behind the window as less than keepMs behind', () => {
    const keepMs = 1_000;
    const positions = new PrimaryPositions(keepMs);
    for (let t = 0; t <= 100_000; t += 100) positions.record(t, BigInt(t + 1));
    expect(positions.size).toBeLessThanOrEqual(keepMs / 100 + 2);
    expect(positions.lagMs(0n, 100_000)).toBeGreaterThanOrEqual(keepMs);
  });

  it('never reports less lag than the true age of the oldest write the replica lacks (to one sample)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 50 }), { minLength: 1, maxLength: 60 }), fc.nat({ max: 3_000 }), (steps, replayed) => {
        const positions = new PrimaryPositions(2_000);
        let lsn = 0n;
        const written: Array<{ at: number; lsn: bigint }> = [];
        steps.forEach((step, i) => {
          lsn += BigInt(step);
          written.push({ at: i * 100, lsn });
          positions.record(i * 100, lsn);
        });
        const now = steps.length * 100;
        const lag = positions.lagMs(BigInt(replayed), now)!;
        const firstMissing = written.find((w) => w.lsn > BigInt(replayed));
        if (!firstMissing) return lag === 0;
        const trueLag = now - firstMissing.at;
        return lag >= Math.min(trueLag, 2_000) && lag <= trueLag;
      }),
    );
  });
});
