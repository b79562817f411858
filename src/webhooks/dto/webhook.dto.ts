import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { JOB_EVENT_TYPES, type JobEventType } from '../../imports/job-finished-event';
import type { WebhookSubscription } from '../entities/webhook-subscription.entity';
import { maskWebhookUrl } from './masked-url';

/** A webhook subscription as listed (never with its secret). */
@ApiSchema({ name: 'Webhook' })
export class WebhookDto {
  @ApiProperty({ format: 'uuid', example: '7d1e6f0a-4b8c-4e2f-9a51-0c3b2d4e5f60' })
  id: string;

  @ApiProperty({
    example: 'https://example.com/hooks/product-directory',
    description:
      'Where events are POSTed. Listed to a token without webhooks:manage, its user info, query string and fragment ' +
      "read `***` (https://***@example.com/hooks?***): they often carry the receiver's secret.",
  })
  url: string;

  @ApiProperty({ enum: JOB_EVENT_TYPES, enumName: 'WebhookEventType', isArray: true, example: ['import.done', 'import.failed'] })
  events: JobEventType[];

  @ApiProperty({ type: 'string', nullable: true, example: 'Reindex the storefront' })
  description: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-26T07:10:00.000Z' })
  created_at: string;

  /** `masked`: for callers without webhooks:manage (see maskWebhookUrl). */
  static from(subscription: WebhookSubscription, masked = false): WebhookDto {
    return {
      id: subscription.id,
      url: masked ? maskWebhookUrl(subscription.url) : subscription.url,
      events: subscription.events,
      description: subscription.description,
      created_at: subscription.createdAt.toISOString(),
    };
  }
}

@ApiSchema({ name: 'WebhookCreated' })
export class WebhookCreatedDto extends WebhookDto {
  @ApiProperty({
    description:
      'The signing secret, shown only in this response: every delivery carries ' +
      'Product-Directory-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>',
    example: 'whsec_5cQm0f3m0yq1bG6oC3nqk0m9xv1Jk2yO0aVb7ZsQm4E',
  })
  secret: string;
}

@ApiSchema({ name: 'WebhookPage' })
export class WebhookPageDto {
  @ApiProperty({ type: [WebhookDto] })
  data: WebhookDto[];

  @ApiProperty({ type: 'string', nullable: true, description: 'Pass as cursor for the next page; null on the last page' })
  next_cursor: string | null;
}

@ApiSchema({ name: 'WebhookSecretRotated' })
export class WebhookSecretRotatedDto {
  @ApiProperty({ format: 'uuid', example: '7d1e6f0a-4b8c-4e2f-9a51-0c3b2d4e5f60' })
  id: string;

  @ApiProperty({
    description: 'The new signing secret, shown only in this response',
    example: 'whsec_Jk2yO0aVb7ZsQm4E5cQm0f3m0yq1bG6oC3nqk0m9xv1',
  })
  secret: string;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description:
      'Until then every delivery carries a second v1 signature made with the previous secret (null: the previous secret ' +
      'stopped signing at once, WEBHOOK_PREVIOUS_SECRET_TTL_MS=0)',
    example: '2026-11-27T07:10:00.000Z',
  })
  previous_secret_expires_at: string | null;
}
