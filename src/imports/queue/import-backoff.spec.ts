import type { Job } from 'bull';
import { importBackoff, requeueWithoutAttempt, RequeueError } from './import-backoff';

describe('importBackoff', () => {
  it('backs off exponentially after failed attempts (1 s, 3 s, 7 s, 15 s)', () => {
    expect([1, 2, 3, 4].map((attemptsMade) => importBackoff(attemptsMade, new Error('boom')))).toEqual([1_000, 3_000, 7_000, 15_000]);
  });

  it("uses a RequeueError's own delay, whatever the attempts made", () => {
    expect(importBackoff(0, new RequeueError('not mine', 2_500))).toBe(2_500);
    expect(importBackoff(4, new RequeueError('not mine', 1_000))).toBe(1_000);
  });
});

describe('requeueWithoutAttempt', () => {
  it('throws the error with attemptsMade lowered by the one Bull adds when it records the failure', () => {
    const job = { attemptsMade: 2 } as Job;
    const error = new RequeueError('not mine', 1_000);
    expect(() => requeueWithoutAttempt(job, error)).toThrow(error);
    expect(job.attemptsMade).toBe(1);
  });
});
