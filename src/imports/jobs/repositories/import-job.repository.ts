import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { ORGANIZATION_QUOTA_LOCK_NAMESPACE } from '../../../database/organization-lock-key';
import type { ImportFailureType } from '../entities/import-job-status';
import { ImportJob } from '../entities/import-job.entity';

/** TypeORM answers an UPDATE's query() with [returned rows, affected count], not the rows alone. */
type UpdateResult<T = unknown> = [T[], number];
export interface BatchProgress {
  indexed: number;
  failed: number;
  skipped: number;
  /** The cursor this batch started from: the update only applies if nobody else moved it. */
  fromCursor: number;
  toCursor: number;
}

/** An organization's unfinished import jobs (their files are kept in PostgreSQL until they end). */
export interface PendingUsage {
  jobs: number;
  bytes: number;
}

/** All reads and state changes of import_jobs. Every read a client triggers is organization-scoped. */
@Injectable()
export class ImportJobRepository {
  constructor(@InjectRepository(ImportJob) private readonly repo: Repository<ImportJob>) {}

  findForOrganization(id: string, organizationId: string): Promise<ImportJob | null> {
    return this.repo.findOneBy({ id, organizationId });
  }

  findById(id: string): Promise<ImportJob | null> {
    return this.repo.findOneBy({ id });
  }

  /**
   * Newest first; keyset on (created_at, id) so pages never skip or repeat a job. The position is
   * read from the row itself: created_at has microseconds, which a JS Date would round away.
   */
  listForOrganization(organizationId: string, limit: number, afterId?: string): Promise<ImportJob[]> {
    const query = this.repo
      .createQueryBuilder('j')
      .where('j.organization_id = :organizationId', { organizationId })
      .orderBy('j.created_at', 'DESC')
      .addOrderBy('j.id', 'DESC')
      .limit(limit);
    if (afterId) {
      query.andWhere(
        '(j.created_at, j.id) < (SELECT a.created_at, a.id FROM import_jobs a WHERE a.id = :afterId AND a.organization_id = :organizationId)',
        { afterId },
      );
    }
    return query.getMany();
  }

  latestForOrganization(organizationId: string): Promise<ImportJob | null> {
    return this.repo.findOne({ where: { organizationId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  async findByIdempotencyKey(organizationId: string, key: string, notBefore: Date): Promise<ImportJob | null> {
    return this.repo
      .createQueryBuilder('j')
      .where('j.organization_id = :organizationId AND j.idempotency_key = :key AND j.created_at >= :notBefore', {
        organizationId,
        key,
        notBefore,
      })
      .getOne();
  }

  /** Frees an idempotency key older than its 24 h window so the unique index admits it again. */
  async releaseExpiredIdempotencyKey(manager: EntityManager, organizationId: string, key: string, notBefore: Date): Promise<void> {
    await manager
      .createQueryBuilder()
      .update(ImportJob)
      .set({ idempotencyKey: null })
      .where('organization_id = :organizationId AND idempotency_key = :key AND created_at < :notBefore', {
        organizationId,
        key,
        notBefore,
      })
      .execute();
  }

  /** Unfinished jobs of the organization and their files' bytes, as `manager` sees them (its own upload included). */
  async pendingUsage(manager: EntityManager, organizationId: string): Promise<PendingUsage> {
    const [row]: Array<{ jobs: number; bytes: string }> = await manager.query(
      `SELECT count(*)::int AS jobs, coalesce(sum(file_size), 0)::text AS bytes
         FROM import_jobs WHERE organization_id = $1 AND status IN ('pending', 'processing')`,
      [organizationId],
    );
    return { jobs: row.jobs, bytes: Number(row.bytes) };
  }

  /** Waits for the organization's other uploads to end their transaction (held until this one ends). */
  async lockOrganizationQuota(manager: EntityManager, organizationId: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ORGANIZATION_QUOTA_LOCK_NAMESPACE, organizationId]);
  }

  async insert(
    manager: EntityManager,
    job: Pick<
      ImportJob,
      'id' | 'organizationId' | 'accountId' | 'fileName' | 'fileSize' | 'mode' | 'allowMassDelete' | 'format' | 'language'
    >,
  ): Promise<void> {
    await manager.insert(ImportJob, { ...job, status: 'pending' });
  }

  /**
   * Records the file's SHA-256 and claims the Idempotency-Key once the whole file is read. While
   * a concurrent upload holds the same key uncommitted this waits for it; once that one commits,
   * the unique index refuses this one (23505) and the caller compares the two files.
   */
  async recordFile(manager: EntityManager, id: string, sha256: Buffer, idempotencyKey: string | null): Promise<void> {
    await manager.query('UPDATE import_jobs SET file_sha256 = $2, idempotency_key = $3 WHERE id = $1', [id, sha256, idempotencyKey]);
  }

  /**
   * Records the stored size as the upload's transaction ends; created_at is taken now (it orders
   * listings; the run order is `seq`, taken after commit by assignPosition).
   */
  async markUploaded(manager: EntityManager, id: string, fileSize: number, scannedTotal: number | null): Promise<void> {
    await manager.query('UPDATE import_jobs SET file_size = $2, scanned_total = $3, created_at = clock_timestamp() WHERE id = $1', [
      id,
      fileSize,
      scannedTotal,
    ]);
  }

  /**
   * Gives the job its place in the organization's order. Called after the upload committed and
   * before its 202, so an upload acknowledged before another one commits always runs first.
   */
  async assignPosition(id: string): Promise<void> {
    await this.repo.query(`UPDATE import_jobs SET seq = nextval('import_jobs_seq') WHERE id = $1 AND seq IS NULL`, [id]);
  }

  /** Positions for committed jobs left without one (the API died between commit and 202). Returns how many. */
  async assignMissingPositions(limit: number): Promise<number> {
    const [rows]: UpdateResult = await this.repo.query(
      `UPDATE import_jobs SET seq = nextval('import_jobs_seq')
        WHERE id IN (SELECT id FROM import_jobs WHERE seq IS NULL AND status IN ('pending', 'processing')
                      ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
          AND seq IS NULL
        RETURNING id`,
      [limit],
    );
    return rows.length;
  }

  /** Unfinished runnable jobs, in order: what the reconciler makes sure Bull knows about. */
  findUnfinished(limit: number): Promise<ImportJob[]> {
    return this.repo
      .createQueryBuilder('j')
      .where(`j.status IN ('pending', 'processing') AND j.seq IS NOT NULL`)
      .orderBy('j.seq', 'ASC')
      .limit(limit)
      .getMany();
  }

  /** The job that must run next in an organization: its first unfinished one with a position. */
  oldestUnfinished(manager: EntityManager, organizationId: string): Promise<ImportJob | null> {
    return manager
      .createQueryBuilder(ImportJob, 'j')
      .where(`j.organization_id = :organizationId AND j.status IN ('pending', 'processing') AND j.seq IS NOT NULL`, {
        organizationId,
      })
      .orderBy('j.seq', 'ASC')
      .limit(1)
      .getOne();
  }

  /**
   * pending → processing (started_at kept on resume); counts the delivery, also as one without
   * progress until a batch commits (advance). Returns the fresh row.
   */
  async markProcessing(manager: EntityManager, id: string): Promise<ImportJob | null> {
    const [rows]: UpdateResult = await manager.query(
      `UPDATE import_jobs
          SET status = 'processing', started_at = coalesce(started_at, clock_timestamp()),
              attempts = attempts + 1, idle_deliveries = idle_deliveries + 1
        WHERE id = $1 AND status IN ('pending', 'processing')
        RETURNING id`,
      [id],
    );
    return rows.length > 0 ? manager.findOneBy(ImportJob, { id }) : null;
  }

  async setTotal(manager: EntityManager, id: string, total: number): Promise<void> {
    await manager.update(ImportJob, { id, status: 'processing' }, { total });
  }

  /**
   * Adds a batch's counters and moves the cursor, only if the cursor is still where the batch
   * started and nobody asked to cancel: a batch replayed by a second delivery of the job, or one
   * after a cancel request, changes nothing (returns null; cancelRequested tells which).
   * Otherwise returns the committed failed_count before this batch.
   */
  async advance(manager: EntityManager, id: string, batch: BatchProgress): Promise<number | null> {
    const [rows]: UpdateResult<{ failed_before: number }> = await manager.query(
      `UPDATE import_jobs
          SET indexed_count = indexed_count + $3, failed_count = failed_count + $4,
              skipped_count = skipped_count + $5, cursor = $6, idle_deliveries = 0
        WHERE id = $1 AND status = 'processing' AND cursor = $2 AND cancel_requested_at IS NULL
        RETURNING failed_count - $4 AS failed_before`,
      [id, batch.fromCursor, batch.indexed, batch.failed, batch.skipped, batch.toCursor],
    );
    return rows.length > 0 ? Number(rows[0].failed_before) : null;
  }

  /** Deliveries since the job last made progress (0 when it no longer exists). */
  async idleDeliveries(id: string): Promise<number> {
    const rows: Array<{ idle_deliveries: number }> = await this.repo.query('SELECT idle_deliveries FROM import_jobs WHERE id = $1', [id]);
    return rows[0]?.idle_deliveries ?? 0;
  }

  /** processing → done, unless a cancel request came first (the row lock orders the two). */
  async markDone(manager: EntityManager, id: string): Promise<boolean> {
    const [rows]: UpdateResult = await manager.query(
      `UPDATE import_jobs SET status = 'done', completed_at = clock_timestamp()
        WHERE id = $1 AND status = 'processing' AND cursor = total AND cancel_requested_at IS NULL RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }

  /** Terminal failure. Counters keep what committed batches applied (0 for a file-level failure). */
  async markFailed(manager: EntityManager, id: string, type: ImportFailureType, message: string): Promise<boolean> {
    const [rows]: UpdateResult = await manager.query(
      `UPDATE import_jobs
          SET status = 'failed', completed_at = clock_timestamp(), failure_type = $2, failure_message = $3,
              started_at = coalesce(started_at, clock_timestamp())
        WHERE id = $1 AND status IN ('pending', 'processing') RETURNING id`,
      [id, type, message],
    );
    return rows.length > 0;
  }

  /** Products a replace import deleted, recorded in the transaction that ends it done. */
  async recordDeleted(manager: EntityManager, id: string, deletedCount: number): Promise<void> {
    await manager.query('UPDATE import_jobs SET deleted_count = $2 WHERE id = $1', [id, deletedCount]);
  }

  /** The organization's job, its row locked until the caller's transaction ends (cancel against the worker). */
  lockForOrganization(manager: EntityManager, id: string, organizationId: string): Promise<ImportJob | null> {
    return manager
      .createQueryBuilder(ImportJob, 'j')
      .setLock('pessimistic_write')
      .where('j.id = :id AND j.organization_id = :organizationId', { id, organizationId })
      .getOne();
  }

  /** Records a cancel request (the first one's time is kept). */
  async requestCancel(manager: EntityManager, id: string): Promise<void> {
    await manager.query('UPDATE import_jobs SET cancel_requested_at = coalesce(cancel_requested_at, clock_timestamp()) WHERE id = $1', [
      id,
    ]);
  }

  /** Whether the job is still processing with a cancel request on it. */
  async cancelRequested(id: string): Promise<boolean> {
    const rows: unknown[] = await this.repo.query(
      `SELECT 1 FROM import_jobs WHERE id = $1 AND status = 'processing' AND cancel_requested_at IS NOT NULL`,
      [id],
    );
    return rows.length > 0;
  }
}
