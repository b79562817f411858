export const WEBHOOK_QUEUE = 'webhook-deliveries';

/** One attempt of one delivery; the Bull job id is `<delivery id>-<attemptsMade>`, so queuing it twice is harmless. */
export interface WebhookQueuePayload {
  deliveryId: string;
  /** Attempts the delivery had made when this one was queued: the claim succeeds only if it still has. */
  attemptsMade: number;
}
