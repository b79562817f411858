import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transactional outbox of finished import jobs (owned by jobs/): one row per job that ended
 * done or failed, written by the same statement that ends the job, so no event is lost when a
 * process dies after the commit. Webhooks relay the rows to subscriptions (relayed_at).
 */
export class CreateOutboxEvents1764300400000 implements MigrationInterface {
  name = 'CreateOutboxEvents1764300400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outbox_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigserial NOT NULL,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        job_id uuid NOT NULL,
        type text NOT NULL,
        -- json, not jsonb: the key order of the ImportJob snapshot is kept as written.
        data json NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        relayed_at timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_events_unrelayed_idx ON outbox_events (seq) WHERE relayed_at IS NULL`);
    await q.query(`CREATE INDEX outbox_events_created_idx ON outbox_events (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE outbox_events`);
  }
}
