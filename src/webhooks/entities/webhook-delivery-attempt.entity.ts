import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The outcome of one finished delivery attempt. */
@Entity({ name: 'webhook_delivery_attempts' })
export class WebhookDeliveryAttempt {
  @PrimaryColumn({ name: 'delivery_id', type: 'uuid' })
  deliveryId: string;

  @PrimaryColumn({ type: 'integer' })
  attempt: number;

  @Column({ name: 'attempted_at', type: 'timestamptz' })
  attemptedAt: Date;

  @Column({ name: 'duration_ms', type: 'integer' })
  durationMs: number;

  @Column({ name: 'status_code', type: 'integer', nullable: true })
  statusCode: number | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;
}
