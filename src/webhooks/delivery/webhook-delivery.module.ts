import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../common/config/app-config';
import { WebhookDeliveryAttempt } from '../entities/webhook-delivery-attempt.entity';
import { WebhookDelivery } from '../entities/webhook-delivery.entity';
import { WebhookSubscription } from '../entities/webhook-subscription.entity';
import { OutboxEventRepository } from '../repositories/outbox-event.repository';
import { WebhookDeliveryRepository } from '../repositories/webhook-delivery.repository';
import { WebhookSubscriptionRepository } from '../repositories/webhook-subscription.repository';
import { WebhookSecretBox } from '../../database/secrets/secret-box';
import { WebhookSecretSealerService } from '../signing/webhook-secret-sealer.service';
import { TargetGuard } from '../ssrf/target-guard';
import { OutboxRelayService } from './outbox-relay.service';
import { WebhookDeliveryProcessor } from './webhook-delivery.processor';
import { WEBHOOK_QUEUE } from './webhook-queue.constants';
import { WebhookMetricsService } from './webhook-metrics.service';
import { WebhookQueueProducer } from './webhook-queue.producer';
import { WebhookSender } from './webhook-sender';
import { WebhookWorkerService } from './webhook-worker.service';

/**
 * The worker side of webhooks (no HTTP): subscriptions and deliveries storage, the relay from the
 * outbox of finished import jobs (rows written by a database trigger), the Bull queue
 * "webhook-deliveries" (Bull's root options, hence the deployment's queue prefix, come from the
 * app or worker module), the processor, the SSRF guard and the sealing of secrets at rest.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([WebhookSubscription, WebhookDelivery, WebhookDeliveryAttempt]),
    BullModule.registerQueue({ name: WEBHOOK_QUEUE }),
  ],
  providers: [
    WebhookSubscriptionRepository,
    WebhookDeliveryRepository,
    OutboxEventRepository,
    { provide: TargetGuard, inject: [AppConfig], useFactory: (config: AppConfig) => new TargetGuard(config.webhooks.allowPrivateTargets) },
    {
      provide: WebhookSender,
      inject: [TargetGuard, AppConfig],
      useFactory: (guard: TargetGuard, config: AppConfig) => new WebhookSender(guard, config.webhooks.timeoutMs),
    },
    { provide: WebhookSecretBox, inject: [AppConfig], useFactory: (config: AppConfig) => new WebhookSecretBox(config.webhooks.secretKey) },
    WebhookSecretSealerService,
    WebhookMetricsService,
    WebhookQueueProducer,
    WebhookDeliveryProcessor,
    OutboxRelayService,
    WebhookWorkerService,
  ],
  exports: [WebhookSubscriptionRepository, WebhookDeliveryRepository, TargetGuard, WebhookSecretBox, WebhookWorkerService],
})
export class WebhookDeliveryModule {}
