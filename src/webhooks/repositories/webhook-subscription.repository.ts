import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { WebhookSubscription } from '../entities/webhook-subscription.entity';

/** webhook_subscriptions; every read a client triggers is organization-scoped. */
@Injectable()
export class WebhookSubscriptionRepository {
  constructor(@InjectRepository(WebhookSubscription) private readonly repo: Repository<WebhookSubscription>) {}

  /**
   * Inserts unless the organization already has `max` subscriptions (then null). The count and the
   * insert share a transaction that holds the organization's row (FOR NO KEY UPDATE, which leaves
   * foreign-key checks of other tables alone), so concurrent creates are counted one after another.
   * `secret` is stored as given: seal it first.
   */
  async insertWithinLimit(
    subscription: Omit<WebhookSubscription, 'createdAt' | 'previousSecret' | 'previousSecretExpiresAt'>,
    max: number,
  ): Promise<WebhookSubscription | null> {
    return this.repo.manager.transaction(async (manager) => {
      await manager.query('SELECT 1 FROM organizations WHERE id = $1 FOR NO KEY UPDATE', [subscription.organizationId]);
      if ((await manager.countBy(WebhookSubscription, { organizationId: subscription.organizationId })) >= max) return null;
      const [row]: Array<{ created_at: Date }> = await manager.query(
        `INSERT INTO webhook_subscriptions (id, organization_id, url, events, description, secret)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING created_at`,
        [subscription.id, subscription.organizationId, subscription.url, subscription.events, subscription.description, subscription.secret],
      );
      return { ...subscription, previousSecret: null, previousSecretExpiresAt: null, createdAt: row.created_at };
    });
  }

  /**
   * Makes `sealedSecret` the secret; the current one becomes the previous secret until now +
   * `previousTtlMs` (dropped at once when 0). Rotating again replaces the previous secret: only the
   * two latest ever sign. Returns when the previous secret stops signing, or undefined when the
   * webhook is not the organization's.
   */
  async rotateSecret(
    id: string,
    organizationId: string,
    sealedSecret: string,
    previousTtlMs: number,
  ): Promise<{ previousExpiresAt: Date | null } | undefined> {
    const [rows]: [Array<{ previous_secret_expires_at: Date | null }>, number] = await this.repo.query(
      `UPDATE webhook_subscriptions
          SET previous_secret = CASE WHEN $4::bigint > 0 THEN secret END,
              previous_secret_expires_at = CASE WHEN $4::bigint > 0 THEN clock_timestamp() + make_interval(secs => $4::bigint / 1000.0) END,
              secret = $3
        WHERE id = $1 AND organization_id = $2
        RETURNING previous_secret_expires_at`,
      [id, organizationId, sealedSecret, previousTtlMs],
    );
    return rows.length === 0 ? undefined : { previousExpiresAt: rows[0].previous_secret_expires_at };
  }

  findForOrganization(id: string, organizationId: string): Promise<WebhookSubscription | null> {
    return this.repo.findOneBy({ id, organizationId });
  }

  findById(id: string): Promise<WebhookSubscription | null> {
    return this.repo.findOneBy({ id });
  }

  /** Newest first; keyset on (created_at, id), the position read from the row (microseconds kept). */
  listForOrganization(organizationId: string, limit: number, afterId?: string): Promise<WebhookSubscription[]> {
    const query = this.repo
      .createQueryBuilder('s')
      .where('s.organization_id = :organizationId', { organizationId })
      .orderBy('s.created_at', 'DESC')
      .addOrderBy('s.id', 'DESC')
      .limit(limit);
    if (afterId) {
      query.andWhere(
        '(s.created_at, s.id) < (SELECT a.created_at, a.id FROM webhook_subscriptions a WHERE a.id = :afterId AND a.organization_id = :organizationId)',
        { afterId },
      );
    }
    return query.getMany();
  }

  /** Deletes the subscription with its deliveries (cascade): pending ones are never attempted again. */
  async delete(id: string, organizationId: string): Promise<boolean> {
    const result = await this.repo.delete({ id, organizationId });
    return (result.affected ?? 0) > 0;
  }
}
