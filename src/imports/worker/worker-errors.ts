/** Thrown between batches when the worker shuts down: the job checkpointed and will resume elsewhere. */
export class ImportInterruptedError extends Error {
  constructor(jobId: string) {
    super(`Import job ${jobId} interrupted by shutdown after a committed batch; it resumes from its cursor`);
  }
}

/** Thrown when another delivery of the same job already committed the batch this one was writing. */
export class ConcurrentProgressError extends Error {
  constructor(jobId: string, cursor: number) {
    super(`Import job ${jobId} moved past cursor ${cursor} elsewhere; this delivery stops`);
  }
}

/** A batch or the final commit found a cancel request on the job: it ends failed/cancelled instead. */
export class ImportCancelledError extends Error {
  constructor(jobId: string) {
    super(`Import job ${jobId} was cancelled on request`);
  }
}
