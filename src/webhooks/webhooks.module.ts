import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { WebhookDeliveryModule } from './delivery/webhook-delivery.module';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

/** Webhooks over HTTP: subscriptions and their deliveries. Delivery itself is WebhookDeliveryModule (also in the worker). */
@Module({
  imports: [AuthModule, WebhookDeliveryModule],
  controllers: [WebhooksController],
  providers: [WebhooksService],
})
export class WebhooksModule {}
