import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { JobEventType } from '../../imports/job-finished-event';

/** One finished-job event as stored in the outbox. `data` is the ImportJob snapshot, keys in order. */
export interface OutboxEvent {
  id: string;
  organizationId: string;
  jobId: string;
  type: JobEventType;
  data: Record<string, unknown>;
  createdAt: Date;
}

interface OutboxRow {
  id: string;
  organization_id: string;
  job_id: string;
  type: JobEventType;
  data: Record<string, unknown>;
  created_at: Date;
}

const toEvent = (row: OutboxRow): OutboxEvent => ({
  id: row.id,
  organizationId: row.organization_id,
  jobId: row.job_id,
  type: row.type,
  data: row.data,
  createdAt: row.created_at,
});

/**
 * Reads of the outbox that the import_jobs trigger writes (migration CreateOutboxEvents1764300400000): what a relay has yet
 * to hand on, and marking it handed on. Jobs owns the table; its consumers (webhooks) use this.
 */
@Injectable()
export class OutboxEventRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The oldest events not yet relayed, locked for the caller's transaction; SKIP LOCKED lets
   * relays in several workers take different events instead of waiting on each other.
   */
  async lockUnrelayed(manager: EntityManager, limit: number): Promise<OutboxEvent[]> {
    const rows: OutboxRow[] = await manager.query(
      `SELECT id, organization_id, job_id, type, data, created_at FROM outbox_events
        WHERE relayed_at IS NULL ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    return rows.map(toEvent);
  }

  async markRelayed(manager: EntityManager, ids: string[]): Promise<void> {
    await manager.query(`UPDATE outbox_events SET relayed_at = clock_timestamp() WHERE id = ANY($1::uuid[])`, [ids]);
  }

  async findById(id: string): Promise<OutboxEvent | null> {
    const rows: OutboxRow[] = await this.dataSource.query(
      'SELECT id, organization_id, job_id, type, data, created_at FROM outbox_events WHERE id = $1',
      [id],
    );
    return rows.length > 0 ? toEvent(rows[0]) : null;
  }

  /** Deletes up to `limit` relayed events created before `before` (their deliveries go with them); returns how many. */
  async purgeRelayed(before: Date, limit: number): Promise<number> {
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM outbox_events WHERE id IN (
         SELECT id FROM outbox_events WHERE relayed_at IS NOT NULL AND created_at < $1 ORDER BY created_at LIMIT $2)`,
      [before, limit],
    );
    return count;
  }
}
