import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bull';
import { WEBHOOK_QUEUE, type WebhookQueuePayload } from './webhook-queue.constants';

const ENQUEUE_TIMEOUT_MS = 3_000;

/**
 * Queues delivery attempts. PostgreSQL holds the truth (webhook_deliveries.next_attempt_at), so a
 * lost enqueue only delays an attempt until the relay's sweep queues it again.
 */
@Injectable()
export class WebhookQueueProducer {
  private readonly logger = new Logger(WebhookQueueProducer.name);

  constructor(@InjectQueue(WEBHOOK_QUEUE) private readonly queue: Queue<WebhookQueuePayload>) {}

  async enqueue(payload: WebhookQueuePayload, delayMs = 0): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ENQUEUE_TIMEOUT_MS} ms`)), ENQUEUE_TIMEOUT_MS);
    });
    try {
      await Promise.race([
        this.queue.add(payload, {
          jobId: `${payload.deliveryId}-${payload.attemptsMade}`,
          delay: Math.max(0, Math.round(delayMs)),
          // One Bull attempt: retries are scheduled from PostgreSQL. Removed when done, so the id is free for a re-queue.
          attempts: 1,
          removeOnComplete: true,
          removeOnFail: true,
        }),
        timeout,
      ]);
      return true;
    } catch (error) {
      this.logger.warn(`Webhook delivery ${payload.deliveryId} not queued now (${(error as Error).message}); the sweep will`);
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
