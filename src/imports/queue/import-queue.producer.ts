import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bull';
import { IMPORT_QUEUE, type ImportQueuePayload } from './import-queue.constants';
import { QueueNamespace } from '../../database/queue-namespace';

const ENQUEUE_TIMEOUT_MS = 3_000;

/**
 * Bull states in which a job will still be delivered. Anything else is a finished run (completed,
 * failed) or 'stuck': Bull's answer for a record left in none of its lists, which nothing will ever
 * deliver but which makes Bull ignore an add with its id. Seen in the fault suite (three workers,
 * deferred deliveries re-added while another worker finished the previous one: "Job … is not in the
 * active state"): the import stayed pending for good, the reconciler taking the record for live.
 */
const LIVE_STATES: ReadonlySet<string> = new Set(['waiting', 'delayed', 'active', 'paused']);

/**
 * Adds import jobs to Bull with jobId = import job id, so adding twice is harmless. A Bull job with
 * that id that will not be delivered (a deferred or interrupted run, one another deployment gave up
 * as foreign, a stuck record) is removed first, or Bull would ignore the add. Removing a job a
 * worker holds fails (its lock): the caller, or the reconciler's next pass, tries again.
 */
@Injectable()
export class ImportQueueProducer {
  private readonly logger = new Logger(ImportQueueProducer.name);

  constructor(
    @InjectQueue(IMPORT_QUEUE) private readonly queue: Queue<ImportQueuePayload>,
    private readonly namespace: QueueNamespace,
  ) {}

  async enqueue(payload: ImportQueuePayload, delayMs = 0): Promise<void> {
    const existing = await this.queue.getJob(payload.importJobId);
    if (existing) {
      const state = await existing.getState();
      // Waiting for a retry: it may run now (e.g. the import it waited behind just ended). A promote
      // that loses a race (the delay just ran out) changes nothing.
      if (state === 'delayed' && delayMs === 0) return existing.promote().catch(() => undefined);
      if (LIVE_STATES.has(state)) return;
      await existing.remove();
    }
    // Stamped with this deployment, so a worker that cannot find the row knows whether it was its own.
    await this.queue.add({ ...payload, deploymentId: this.namespace.deploymentId }, { jobId: payload.importJobId, delay: delayMs });
  }

  /**
   * Enqueue without letting a Redis outage fail or stall the caller: the job row is already
   * committed, and the reconciler enqueues whatever this misses.
   */
  async enqueueBestEffort(payload: ImportQueuePayload, delayMs = 0): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ENQUEUE_TIMEOUT_MS} ms`)), ENQUEUE_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.enqueue(payload, delayMs), timeout]);
      return true;
    } catch (error) {
      this.logger.warn(`Import job ${payload.importJobId} not enqueued now (${(error as Error).message}); the reconciler will`);
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
