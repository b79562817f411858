import { ApiProperty, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import { JOB_EVENT_TYPES, type JobEventType } from '../../imports/job-finished-event';

/**
 * The JSON body POSTed to a webhook (documented for receivers; no route returns it). Built by
 * eventBody() in the delivery processor.
 */
@ApiSchema({
  name: 'WebhookEvent',
  description:
    'Body of a webhook delivery. Headers: Content-Type: application/json; ' +
    'Product-Directory-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>. ' +
    'Delivered at least once: dedupe on id.',
})
export class WebhookEventDto {
  @ApiProperty({ format: 'uuid', description: 'Event id, the same on every retry', example: '9b2d4c5e-8f7a-4c3b-a1e2-0f9e8d7c6b5a' })
  id: string;

  @ApiProperty({ enum: JOB_EVENT_TYPES, enumName: 'WebhookEventType', example: 'import.done' })
  type: JobEventType;

  @ApiProperty({ format: 'date-time', description: 'When the job ended', example: '2026-11-26T07:12:03.100Z' })
  created_at: string;

  @ApiProperty({
    allOf: [{ $ref: getSchemaPath('ImportJob') }],
    description: 'The import job as check-import-status returned it when it ended',
  })
  data: Record<string, unknown>;
}
