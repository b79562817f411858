import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type EntityManager, type Repository } from 'typeorm';
import type { JobEventType } from '../../imports/job-finished-event';
import { WebhookDeliveryAttempt } from '../entities/webhook-delivery-attempt.entity';
import { WebhookDelivery } from '../entities/webhook-delivery.entity';

/** A delivery as listed to its organization: the row, its event's type and job, and its attempts. */
export interface DeliveryView extends WebhookDelivery {
  eventType: JobEventType;
  jobId: string;
  attemptLog: WebhookDeliveryAttempt[];
}

/** The claimed attempt: the delivery after its attempt counter moved to `attempts`. */
export interface ClaimedDelivery {
  id: string;
  subscriptionId: string;
  eventId: string;
  attempts: number;
  createdAt: Date;
}

export type AttemptOutcome = { kind: 'delivered' } | { kind: 'retry'; at: Date } | { kind: 'failed' };

type UpdateResult<T = unknown> = [T[], number];

/** webhook_deliveries and webhook_delivery_attempts. */
@Injectable()
export class WebhookDeliveryRepository {
  constructor(@InjectRepository(WebhookDelivery) private readonly repo: Repository<WebhookDelivery>) {}

  /**
   * One pending delivery per (event, subscription of the event's organization that wants its type
   * and existed when it happened), in the relay's transaction. Reads outbox_events (owned by jobs)
   * by id only; the unique (subscription, event) makes a replayed relay add nothing.
   */
  async createForEvents(manager: EntityManager, eventIds: string[]): Promise<string[]> {
    if (eventIds.length === 0) return [];
    const rows: Array<{ id: string }> = await manager.query(
      `INSERT INTO webhook_deliveries (subscription_id, event_id, next_attempt_at)
       SELECT s.id, e.id, clock_timestamp()
         FROM outbox_events e
         JOIN webhook_subscriptions s
           ON s.organization_id = e.organization_id AND e.type = ANY(s.events) AND s.created_at <= e.created_at
        WHERE e.id = ANY($1::uuid[])
       ON CONFLICT (subscription_id, event_id) DO NOTHING
       RETURNING id`,
      [eventIds],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Starts attempt `attemptsMade + 1` if nobody has (the Bull job carries the count it was queued
   * for, so a duplicate or stale job claims nothing). Until the attempt is recorded, next_attempt_at
   * is when it counts as lost (its worker died) and the sweep queues the delivery again.
   */
  async claim(id: string, attemptsMade: number, leaseMs: number): Promise<ClaimedDelivery | null> {
    const [rows]: UpdateResult<{ id: string; subscription_id: string; event_id: string; attempts: number; created_at: Date }> =
      await this.repo.query(
        `UPDATE webhook_deliveries
            SET attempts = attempts + 1, next_attempt_at = clock_timestamp() + make_interval(secs => $3::double precision / 1000)
          WHERE id = $1 AND status = 'pending' AND attempts = $2
          RETURNING id, subscription_id, event_id, attempts, created_at`,
        [id, attemptsMade, leaseMs],
      );
    if (rows.length === 0) return null;
    const row = rows[0];
    return { id: row.id, subscriptionId: row.subscription_id, eventId: row.event_id, attempts: row.attempts, createdAt: row.created_at };
  }

  /** The attempt's row and the delivery's new state, together; nothing if another attempt moved on meanwhile. */
  async record(
    claimed: ClaimedDelivery,
    attempt: Omit<WebhookDeliveryAttempt, 'deliveryId' | 'attempt'>,
    outcome: AttemptOutcome,
  ): Promise<void> {
    await this.repo.manager.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, attempted_at, duration_ms, status_code, error)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
        [claimed.id, claimed.attempts, attempt.attemptedAt, attempt.durationMs, attempt.statusCode, attempt.error],
      );
      await manager.query(
        `UPDATE webhook_deliveries
            SET status = $3, next_attempt_at = $4, last_status_code = $5, last_error = $6,
                completed_at = CASE WHEN $3 = 'pending' THEN NULL ELSE clock_timestamp() END
          WHERE id = $1 AND attempts = $2 AND status = 'pending'`,
        [
          claimed.id,
          claimed.attempts,
          outcome.kind === 'retry' ? 'pending' : outcome.kind,
          outcome.kind === 'retry' ? outcome.at : null,
          attempt.statusCode,
          attempt.error,
        ],
      );
    });
  }

  /** Pending deliveries due for at least `graceMs` (their Bull job was lost, or their worker died). */
  async findOverdue(graceMs: number, limit: number): Promise<Array<{ id: string; attempts: number }>> {
    return this.repo.query(
      `SELECT id, attempts FROM webhook_deliveries
        WHERE status = 'pending' AND next_attempt_at <= clock_timestamp() - make_interval(secs => $1::double precision / 1000)
        ORDER BY next_attempt_at LIMIT $2`,
      [graceMs, limit],
    );
  }

  /** A subscription's deliveries, newest first (keyset on created_at, id), each with its event and attempts. */
  async listForSubscription(subscriptionId: string, limit: number, afterId?: string): Promise<DeliveryView[]> {
    const params: unknown[] = [subscriptionId, limit];
    let after = '';
    if (afterId) {
      params.push(afterId);
      after = `AND (d.created_at, d.id) < (SELECT a.created_at, a.id FROM webhook_deliveries a WHERE a.id = $3 AND a.subscription_id = $1)`;
    }
    const rows: Array<Record<string, unknown>> = await this.repo.query(
      `SELECT d.id, d.subscription_id, d.event_id, d.status, d.attempts, d.next_attempt_at, d.last_status_code, d.last_error,
              d.created_at, d.completed_at, e.type AS event_type, e.job_id
         FROM webhook_deliveries d JOIN outbox_events e ON e.id = d.event_id
        WHERE d.subscription_id = $1 ${after}
        ORDER BY d.created_at DESC, d.id DESC LIMIT $2`,
      params,
    );
    const ids = rows.map((row) => row.id as string);
    const attempts =
      ids.length === 0
        ? []
        : await this.repo.manager.find(WebhookDeliveryAttempt, {
            where: { deliveryId: In(ids) },
            order: { attempt: 'ASC' },
          });
    return rows.map((row) => ({
      id: row.id as string,
      subscriptionId: row.subscription_id as string,
      eventId: row.event_id as string,
      status: row.status as WebhookDelivery['status'],
      attempts: row.attempts as number,
      nextAttemptAt: row.next_attempt_at as Date | null,
      lastStatusCode: row.last_status_code as number | null,
      lastError: row.last_error as string | null,
      createdAt: row.created_at as Date,
      completedAt: row.completed_at as Date | null,
      eventType: row.event_type as JobEventType,
      jobId: row.job_id as string,
      attemptLog: attempts.filter((a) => a.deliveryId === row.id),
    }));
  }
}
