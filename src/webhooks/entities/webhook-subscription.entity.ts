import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { JobEventType } from '../../imports/job-finished-event';

/**
 * Where an organization wants its finished-job events POSTed. The secret must stay usable as an
 * HMAC key, so it cannot be hashed like a token: it is stored sealed by WebhookSecretBox (AES-GCM
 * under WEBHOOK_SECRET_KEY; as issued without a key) and returned only at creation and rotation.
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

  /** Sealed (WebhookSecretBox). */
  @Column({ type: 'text' })
  secret: string;

  /** The secret before the last rotation (sealed): deliveries are signed with it too until previousSecretExpiresAt. */
  @Column({ name: 'previous_secret', type: 'text', nullable: true })
  previousSecret: string | null;

  @Column({ name: 'previous_secret_expires_at', type: 'timestamptz', nullable: true })
  previousSecretExpiresAt: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
