import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Webhook subscriptions of an organization, one delivery per (subscription, outbox event), and each delivery's attempts. */
export class CreateWebhooks1764300410000 implements MigrationInterface {
  name = 'CreateWebhooks1764300410000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_subscriptions (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        url text NOT NULL,
        events text[] NOT NULL,
        description text,
        secret text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(
      `CREATE INDEX webhook_subscriptions_organization_idx ON webhook_subscriptions (organization_id, created_at DESC, id DESC)`,
    );
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        subscription_id uuid NOT NULL REFERENCES webhook_subscriptions(id) ON DELETE CASCADE,
        event_id uuid NOT NULL REFERENCES outbox_events(id) ON DELETE CASCADE,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        last_status_code integer,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        completed_at timestamptz,
        UNIQUE (subscription_id, event_id)
      )`);
    await q.query(`CREATE INDEX webhook_deliveries_subscription_idx ON webhook_deliveries (subscription_id, created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id)`);
    await q.query(`
      CREATE TABLE webhook_delivery_attempts (
        delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
        attempt integer NOT NULL,
        attempted_at timestamptz NOT NULL,
        duration_ms integer NOT NULL,
        status_code integer,
        error text,
        PRIMARY KEY (delivery_id, attempt)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_delivery_attempts`);
    await q.query(`DROP TABLE webhook_deliveries`);
    await q.query(`DROP TABLE webhook_subscriptions`);
  }
}
