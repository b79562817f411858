import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { JobEventType } from '../../jobs/events/job-finished-event';

/**
 * Where an organization wants its finished-job events POSTed. The secret is stored as issued (an
 * HMAC key must be usable, so it cannot be hashed like a token); it is returned only at creation.
 */
@Entity({ name: 'webhook_subscriptions' })
export class WebhookSubscription {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'organization_id', type: 'uuid' })
  organizationId: string;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'text', array: true })
  events: JobEventType[];

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text' })
  secret: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
