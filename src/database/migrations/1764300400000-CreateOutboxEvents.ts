import type { MigrationInterface, QueryRunner } from 'typeorm';

/** ISO 8601 UTC with milliseconds, truncated like the API's Date#toISOString() of the same column. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The transactional outbox of finished import jobs (owned by jobs/). A trigger writes one event
 * whenever a job becomes done or failed, in the statement that ends it: no code path can end a
 * job without its event, and no process death after the commit can lose it. `data` is the
 * ImportJob resource (the nine fields of ImportJobDto, in its order; json keeps the order).
 * Consumers (webhooks) mark what they have handed on with relayed_at.
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
        data json NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        relayed_at timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_events_unrelayed_idx ON outbox_events (seq) WHERE relayed_at IS NULL`);
    await q.query(`CREATE INDEX outbox_events_created_idx ON outbox_events (created_at)`);
    await q.query(`
      CREATE FUNCTION import_jobs_record_finished_event() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO outbox_events (organization_id, job_id, type, data, created_at)
        VALUES (
          NEW.organization_id, NEW.id, 'import.' || NEW.status,
          json_build_object(
            'job_id', NEW.id, 'status', NEW.status, 'total', NEW.total,
            'indexed_count', NEW.indexed_count, 'failed_count', NEW.failed_count, 'skipped_count', NEW.skipped_count,
            'progress', NEW.indexed_count + NEW.failed_count,
            'started_at', ${iso('NEW.started_at')}, 'completed_at', ${iso('NEW.completed_at')}),
          coalesce(NEW.completed_at, clock_timestamp()));
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER import_jobs_finished_event AFTER UPDATE OF status ON import_jobs FOR EACH ROW
        WHEN (NEW.status IN ('done', 'failed') AND OLD.status NOT IN ('done', 'failed'))
        EXECUTE FUNCTION import_jobs_record_finished_event()`);
    await q.query(`
      CREATE TRIGGER import_jobs_inserted_finished_event AFTER INSERT ON import_jobs FOR EACH ROW
        WHEN (NEW.status IN ('done', 'failed'))
        EXECUTE FUNCTION import_jobs_record_finished_event()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER import_jobs_inserted_finished_event ON import_jobs`);
    await q.query(`DROP TRIGGER import_jobs_finished_event ON import_jobs`);
    await q.query(`DROP FUNCTION import_jobs_record_finished_event()`);
    await q.query(`DROP TABLE outbox_events`);
  }
}
