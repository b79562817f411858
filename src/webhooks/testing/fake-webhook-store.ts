import type { LookupAddress } from 'node:dns';
import type { WebhookSubscription } from '../entities/webhook-subscription.entity';
import type { DeliveryView, WebhookDeliveryRepository } from '../repositories/webhook-delivery.repository';
import type { WebhookSubscriptionRepository } from '../repositories/webhook-subscription.repository';
import type { Resolver } from '../ssrf/target-guard';

type SubscriptionStore = Pick<
  WebhookSubscriptionRepository,
  'insertWithinLimit' | 'rotateSecret' | 'findForOrganization' | 'listForOrganization' | 'delete'
>;

/**
 * In-memory webhook_subscriptions and their deliveries, for unit specs of WebhooksService. It keeps
 * the rules the SQL enforces that the service relies on: the per-organization limit on insert,
 * every read and write scoped to the organization, lists newest first after a given id, the
 * previous secret kept until now + TTL (dropped when the TTL is 0).
 */
export class FakeWebhookStore {
  readonly subscriptions: WebhookSubscription[] = [];
  readonly deliveries: DeliveryView[] = [];
  /** Stands in for DNS: host name → addresses (a name not listed does not resolve). */
  readonly dns = new Map<string, string[]>();
  private clock = Date.parse('2026-01-01T00:00:00Z');

  readonly resolver: Resolver = async (hostname) => {
    const addresses = this.dns.get(hostname);
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  readonly subscriptionRepository: SubscriptionStore = {
    insertWithinLimit: async (subscription, max) => {
      if (this.subscriptions.filter((s) => s.organizationId === subscription.organizationId).length >= max) return null;
      const row: WebhookSubscription = { ...subscription, previousSecret: null, previousSecretExpiresAt: null, createdAt: this.tick() };
      this.subscriptions.push(row);
      return { ...row };
    },
    rotateSecret: async (id, organizationId, sealedSecret, previousTtlMs) => {
      const row = this.find(id, organizationId);
      if (!row) return undefined;
      row.previousSecret = previousTtlMs > 0 ? row.secret : null;
      row.previousSecretExpiresAt = previousTtlMs > 0 ? new Date(this.clock + previousTtlMs) : null;
      row.secret = sealedSecret;
      return { previousExpiresAt: row.previousSecretExpiresAt };
    },
    findForOrganization: async (id, organizationId) => {
      const row = this.find(id, organizationId);
      return row ? { ...row } : null;
    },
    listForOrganization: async (organizationId, limit, afterId) => {
      const newestFirst = this.subscriptions.filter((s) => s.organizationId === organizationId).reverse();
      const start = afterId === undefined ? 0 : newestFirst.findIndex((s) => s.id === afterId) + 1;
      // An id the organization does not have: the SQL's keyset subquery finds no row, so no row follows it.
      if (afterId !== undefined && start === 0) return [];
      return newestFirst.slice(start, start + limit).map((s) => ({ ...s }));
    },
    delete: async (id, organizationId) => {
      const at = this.subscriptions.findIndex((s) => s.id === id && s.organizationId === organizationId);
      if (at < 0) return false;
      this.subscriptions.splice(at, 1);
      return true;
    },
  };

  readonly deliveryRepository: Pick<WebhookDeliveryRepository, 'listForSubscription'> = {
    listForSubscription: async (subscriptionId, limit, afterId) => {
      const newestFirst = this.deliveries.filter((d) => d.subscriptionId === subscriptionId).reverse();
      const start = afterId === undefined ? 0 : newestFirst.findIndex((d) => d.id === afterId) + 1;
      return newestFirst.slice(start, start + limit);
    },
  };

  private find(id: string, organizationId: string): WebhookSubscription | undefined {
    return this.subscriptions.find((s) => s.id === id && s.organizationId === organizationId);
  }

  /** Each row a millisecond after the previous one, so "newest first" is well defined. */
  private tick(): Date {
    this.clock += 1;
    return new Date(this.clock);
  }
}
