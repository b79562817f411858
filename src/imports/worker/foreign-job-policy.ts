/**
 * What a worker does with a Bull job whose import job its database does not know. Pure, so the
 * bounds are unit-tested; ForeignJobAdmissionService applies it.
 */

/** Past this age in the queue a foreign job is given up to Bull's failed set (see judgeUnknownJob). */
export const FOREIGN_JOB_MAX_AGE_MS = 15 * 60_000;
const MIN_REQUEUE_MS = 1_000;
const MAX_REQUEUE_MS = 30_000;

export type UnknownJobVerdict =
  /** Enqueued by this deployment: its row was deleted here (retention purge, cleanup); nothing to do. */
  | { kind: 'deleted-here' }
  /** Another deployment's job (or one enqueued before jobs were stamped): back to the queue for its owner. */
  | { kind: 'foreign'; requeueInMs: number }
  /** Unclaimed by any owner for too long: stop circulating it. */
  | { kind: 'foreign-expired' };

export interface UnknownJob {
  /** The deployment id the producer stamped on the Bull job (absent on jobs enqueued before stamping). */
  stampedBy?: string;
  /** This process's deployment id. */
  deploymentId: string;
  /** How long the Bull job has existed (now − job.timestamp). */
  ageMs: number;
}

/**
 * The pause before a foreign job is offered again grows with its age (a quarter of it, 1–30 s):
 * a job the owner's idle workers take at once costs one extra round trip, while a job whose owner
 * is down or busy is not bounced between other deployments' workers more than a few dozen times.
 * After FOREIGN_JOB_MAX_AGE_MS it goes to Bull's failed set, which loses nothing: an owner that
 * still has the row pending re-adds it with its reconciler (a failed Bull job does not count as
 * live), and a job whose row was deleted everywhere must not circulate forever.
 */
export function judgeUnknownJob(job: UnknownJob): UnknownJobVerdict {
  if (job.stampedBy === job.deploymentId) return { kind: 'deleted-here' };
  if (job.ageMs >= FOREIGN_JOB_MAX_AGE_MS) return { kind: 'foreign-expired' };
  return { kind: 'foreign', requeueInMs: Math.min(MAX_REQUEUE_MS, Math.max(MIN_REQUEUE_MS, Math.round(job.ageMs / 4))) };
}
