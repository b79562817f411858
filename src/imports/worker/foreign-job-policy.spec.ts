import { FOREIGN_JOB_MAX_AGE_MS, judgeUnknownJob } from './foreign-job-policy';

const MINE = '11111111-1111-4111-8111-111111111111';
const THEIRS = '22222222-2222-4222-8222-222222222222';

describe('judgeUnknownJob', () => {
  it('treats a job this deployment queued as deleted here, whatever its age', () => {
    for (const ageMs of [0, 5_000, FOREIGN_JOB_MAX_AGE_MS * 10]) {
      expect(judgeUnknownJob({ stampedBy: MINE, deploymentId: MINE, ageMs })).toEqual({ kind: 'deleted-here' });
    }
  });

  it.each([
    ['another deployment', THEIRS],
    ['an unstamped producer', undefined],
  ])('hands a young job of %s back to the queue after 1 s', (_, stampedBy) => {
    expect(judgeUnknownJob({ stampedBy, deploymentId: MINE, ageMs: 0 })).toEqual({ kind: 'foreign', requeueInMs: 1_000 });
  });

  it('waits longer the older the job is, between 1 and 30 s', () => {
    const delays = [0, 2_000, 8_000, 40_000, 120_000, 600_000, FOREIGN_JOB_MAX_AGE_MS - 1].map((ageMs) => {
      const verdict = judgeUnknownJob({ stampedBy: THEIRS, deploymentId: MINE, ageMs });
      if (verdict.kind !== 'foreign') throw new Error(`age ${ageMs}: ${verdict.kind}`);
      return verdict.requeueInMs;
    });
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(Math.min(...delays)).toBe(1_000);
    expect(Math.max(...delays)).toBe(30_000);
    expect(delays[3]).toBe(10_000); // a quarter of its age in between
  });

  it('stops circulating a foreign job once it is FOREIGN_JOB_MAX_AGE_MS old', () => {
    expect(judgeUnknownJob({ stampedBy: THEIRS, deploymentId: MINE, ageMs: FOREIGN_JOB_MAX_AGE_MS })).toEqual({ kind: 'foreign-expired' });
    expect(judgeUnknownJob({ deploymentId: MINE, ageMs: FOREIGN_JOB_MAX_AGE_MS * 2 })).toEqual({ kind: 'foreign-expired' });
  });

  it('bounds how often one foreign job is offered before it expires', () => {
    let ageMs = 0;
    let offers = 0;
    for (;;) {
      const verdict = judgeUnknownJob({ stampedBy: THEIRS, deploymentId: MINE, ageMs });
      if (verdict.kind !== 'foreign') break;
      offers += 1;
      ageMs += verdict.requeueInMs;
    }
    expect(offers).toBeGreaterThan(5);
    expect(offers).toBeLessThanOrEqual(60);
  });
});
