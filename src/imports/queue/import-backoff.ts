import type { Job } from 'bull';

/** Name of the backoff strategy of import jobs (registered in the Bull options). */
export const IMPORT_BACKOFF = 'import';
const BACKOFF_BASE_MS = 1_000;

/**
 * Thrown by the queue handler to hand a delivery back to the queue after `delayMs`: not a failure
 * of the import, so it must not use one of the job's attempts (see requeueWithoutAttempt).
 */
export class RequeueError extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
  }
}

/** Exponential backoff (1 s, 3 s, 7 s, …) for failed attempts; a RequeueError's own delay for requeues. */
export function importBackoff(attemptsMade: number, error?: Error): number {
  if (error instanceof RequeueError) return error.delayMs;
  return Math.round((2 ** attemptsMade - 1) * BACKOFF_BASE_MS);
}

/**
 * Throws `error` so Bull puts the job back (delayed by importBackoff) without counting this
 * delivery: Bull 4's Job.moveToFailed adds 1 to attemptsMade before it decides whether to retry
 * and saves the result, so taking 1 off here leaves the stored count as it was. Without this,
 * deliveries to other deployments' workers would exhaust the owner's attempts and leave the job
 * in Bull's failed set until the owner's reconciler runs.
 */
export function requeueWithoutAttempt(job: Job, error: RequeueError): never {
  job.attemptsMade -= 1;
  throw error;
}
