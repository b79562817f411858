import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../common/config/app-config';
import { OutboxEventRepository, type OutboxEvent } from '../repositories/outbox-event.repository';
import { WebhookDeliveryRepository, type AttemptOutcome } from '../repositories/webhook-delivery.repository';
import { WebhookSubscriptionRepository } from '../repositories/webhook-subscription.repository';
import type { WebhookSubscription } from '../entities/webhook-subscription.entity';
import { WebhookSecretBox } from '../../database/secrets/secret-box';
import { SIGNATURE_HEADER, signatureHeader } from '../signing/webhook-signature';
import { nextAttemptAt } from './retry-schedule';
import type { WebhookQueuePayload } from './webhook-queue.constants';
import { WebhookQueueProducer } from './webhook-queue.producer';
import { WebhookMetricsService } from './webhook-metrics.service';
import { WebhookSender, type SendResult } from './webhook-sender';

/** Past the attempt's own timeout, how long before an unrecorded attempt counts as lost with its worker. */
const LEASE_MARGIN_MS = 20_000;

export type AttemptResult = AttemptOutcome['kind'] | 'skipped';

/** The JSON body of an event, exactly as signed and sent. */
export function eventBody(event: OutboxEvent): string {
  return JSON.stringify({ id: event.id, type: event.type, created_at: event.createdAt.toISOString(), data: event.data });
}

/**
 * One attempt of one delivery: claim it in PostgreSQL (at most one worker per attempt), POST the
 * signed event, record the attempt and what comes next (delivered, a retry with backoff, or failed
 * once the retry window is over) and queue the retry.
 */
@Injectable()
export class WebhookDeliveryProcessor {
  private readonly logger = new Logger(WebhookDeliveryProcessor.name);

  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly subscriptions: WebhookSubscriptionRepository,
    private readonly outbox: OutboxEventRepository,
    private readonly sender: WebhookSender,
    private readonly producer: WebhookQueueProducer,
    private readonly config: AppConfig,
    private readonly metrics: WebhookMetricsService,
    private readonly box: WebhookSecretBox,
  ) {}

  async process(payload: WebhookQueuePayload): Promise<AttemptResult> {
    const claimed = await this.deliveries.claim(payload.deliveryId, payload.attemptsMade, this.config.webhooks.timeoutMs + LEASE_MARGIN_MS);
    if (!claimed) return 'skipped'; // a duplicate or stale job: that attempt was made, or the delivery is finished or gone
    const [subscription, event] = await Promise.all([
      this.subscriptions.findById(claimed.subscriptionId),
      this.outbox.findById(claimed.eventId),
    ]);
    if (!subscription || !event) return 'skipped'; // deleted meanwhile (the delivery went with it)
    const body = eventBody(event);
    const attemptedAt = new Date();
    const secrets = this.signingSecrets(subscription, attemptedAt);
    const result: SendResult =
      secrets === null
        ? { statusCode: null, error: 'not sent: the signing secret is unavailable on the server', durationMs: 0 }
        : await this.sender.send(subscription.url, body, {
            [SIGNATURE_HEADER]: signatureHeader(secrets, body, attemptedAt),
            'User-Agent': 'product-directory-webhooks/1.0',
          });
    if (result.detail) this.logger.warn(`Webhook ${subscription.id} target refused at delivery ${claimed.id}: ${result.detail}`);
    let outcome: AttemptOutcome;
    if (result.error === null) outcome = { kind: 'delivered' };
    else {
      const at = nextAttemptAt(claimed.attempts, claimed.createdAt, new Date(), this.config.webhooks);
      outcome = at ? { kind: 'retry', at } : { kind: 'failed' };
    }
    await this.deliveries.record(
      claimed,
      { attemptedAt, durationMs: result.durationMs, statusCode: result.statusCode, error: result.error },
      outcome,
    );
    this.metrics.attempts.inc({ result: outcome.kind });
    this.metrics.attemptDuration.observe(result.durationMs / 1000);
    if (outcome.kind === 'retry') {
      await this.producer.enqueue({ deliveryId: claimed.id, attemptsMade: claimed.attempts }, outcome.at.getTime() - Date.now());
    } else if (outcome.kind === 'failed') {
      this.logger.warn(`Webhook delivery ${claimed.id} failed after ${claimed.attempts} attempts: ${result.error}`);
    }
    return outcome.kind;
  }

  /** The current secret, and the previous one while its window lasts; null (logged) when they cannot be opened. */
  private signingSecrets(subscription: WebhookSubscription, at: Date): string[] | null {
    try {
      const secrets = [this.box.open(subscription.secret, subscription.id)];
      const previous = subscription.previousSecret;
      if (previous !== null && subscription.previousSecretExpiresAt !== null && subscription.previousSecretExpiresAt > at) {
        secrets.push(this.box.open(previous, subscription.id));
      }
      return secrets;
    } catch (error) {
      this.logger.error(`Webhook ${subscription.id}: ${(error as Error).message}`);
      return null;
    }
  }
}
