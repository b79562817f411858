import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { JOB_EVENT_TYPES, type JobEventType } from '../../imports/job-finished-event';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../entities/webhook-delivery.entity';
import type { DeliveryView } from '../repositories/webhook-delivery.repository';

@ApiSchema({ name: 'WebhookDeliveryAttempt' })
export class WebhookDeliveryAttemptDto {
  @ApiProperty({ type: 'integer', description: '1 for the first attempt', example: 1 })
  attempt: number;

  @ApiProperty({ format: 'date-time', example: '2026-11-26T07:12:03.120Z' })
  attempted_at: string;

  @ApiProperty({ type: 'integer', nullable: true, description: "The receiver's HTTP status; null when it did not answer", example: 503 })
  status_code: number | null;

  @ApiProperty({ type: 'string', nullable: true, description: 'Why the attempt failed; null on 2xx', example: 'answered 503' })
  error: string | null;

  @ApiProperty({ type: 'integer', example: 48 })
  duration_ms: number;
}

@ApiSchema({ name: 'WebhookDelivery' })
export class WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid', example: 'c0a8012e-3b4f-4d5e-8f60-718293a4b5c6' })
  id: string;

  @ApiProperty({
    format: 'uuid',
    description: 'The event id (also the "id" of the body): dedupe on it',
    example: '9b2d4c5e-8f7a-4c3b-a1e2-0f9e8d7c6b5a',
  })
  event_id: string;

  @ApiProperty({ enum: JOB_EVENT_TYPES, enumName: 'WebhookEventType', example: 'import.done' })
  event_type: JobEventType;

  @ApiProperty({ format: 'uuid', description: 'The import job the event is about', example: '3f0c2a9e-0d4b-4c57-9a8e-2f9c1b7d5e10' })
  job_id: string;

  @ApiProperty({
    enum: DELIVERY_STATUSES,
    enumName: 'WebhookDeliveryStatus',
    description: 'pending: not yet acknowledged with a 2xx (retrying); delivered; failed: still failing when the retry window ended',
    example: 'pending',
  })
  status: DeliveryStatus;

  @ApiProperty({ type: 'integer', description: 'Attempts started so far', example: 2 })
  attempt_count: number;

  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'When the next attempt is due (pending only)',
    example: '2026-11-26T07:12:23.120Z',
  })
  next_attempt_at: string | null;

  @ApiProperty({ type: 'integer', nullable: true, example: 503 })
  last_status_code: number | null;

  @ApiProperty({ type: 'string', nullable: true, example: 'answered 503' })
  last_error: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-26T07:12:03.100Z' })
  created_at: string;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'When it became delivered or failed', example: null })
  completed_at: string | null;

  @ApiProperty({ type: [WebhookDeliveryAttemptDto], description: 'Finished attempts, oldest first' })
  attempts: WebhookDeliveryAttemptDto[];

  static from(view: DeliveryView): WebhookDeliveryDto {
    return {
      id: view.id,
      event_id: view.eventId,
      event_type: view.eventType,
      job_id: view.jobId,
      status: view.status,
      attempt_count: view.attempts,
      next_attempt_at: view.status === 'pending' ? (view.nextAttemptAt?.toISOString() ?? null) : null,
      last_status_code: view.lastStatusCode,
      last_error: view.lastError,
      created_at: view.createdAt.toISOString(),
      completed_at: view.completedAt?.toISOString() ?? null,
      attempts: view.attemptLog.map((a) => ({
        attempt: a.attempt,
        attempted_at: a.attemptedAt.toISOString(),
        status_code: a.statusCode,
        error: a.error,
        duration_ms: a.durationMs,
      })),
    };
  }
}

@ApiSchema({ name: 'WebhookDeliveryPage' })
export class WebhookDeliveryPageDto {
  @ApiProperty({ type: [WebhookDeliveryDto] })
  data: WebhookDeliveryDto[];

  @ApiProperty({ type: 'string', nullable: true, description: 'Pass as cursor for the next page; null on the last page' })
  next_cursor: string | null;
}
