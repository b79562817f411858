import type { FeedFormat } from '../../../common/feeds/feed-format';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { ImportFailureType, ImportJobStatus, ImportMode } from './import-job-status';

const bigintAsNumber = { to: (v: number) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

@Entity({ name: 'import_jobs' })
@Index('import_jobs_organization_created_idx', ['organizationId', 'createdAt'])
export class ImportJob {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'organization_id', type: 'uuid' })
  organizationId: string;

  @Column({ name: 'account_id', type: 'text' })
  accountId: string;

  @Column({ type: 'text' })
  status: ImportJobStatus;

  @Column({ type: 'integer', default: 0 })
  total: number;

  /** Elements the upload counted as it stored a well-formed file; null: the worker's scan pass counts (and judges) it. */
  @Column({ name: 'scanned_total', type: 'integer', nullable: true })
  scannedTotal: number | null;

  @Column({ name: 'indexed_count', type: 'integer', default: 0 })
  indexedCount: number;

  @Column({ name: 'failed_count', type: 'integer', default: 0 })
  failedCount: number;

  @Column({ name: 'skipped_count', type: 'integer', default: 0 })
  skippedCount: number;

  /** Elements consumed by committed batches; a resumed import starts here. */
  @Column({ type: 'integer', default: 0 })
  cursor: number;

  @Column({ name: 'file_name', type: 'text' })
  fileName: string;

  @Column({ name: 'file_size', type: 'bigint', transformer: bigintAsNumber })
  fileSize: number;

  @Column({ name: 'idempotency_key', type: 'text', nullable: true })
  idempotencyKey: string | null;

  /** SHA-256 of the uploaded file's content; an Idempotency-Key is bound to it. Null for jobs older than the column. */
  @Column({ name: 'file_sha256', type: 'bytea', nullable: true })
  fileSha256: Buffer | null;

  @Column({ name: 'failure_type', type: 'text', nullable: true })
  failureType: ImportFailureType | null;

  @Column({ name: 'failure_message', type: 'text', nullable: true })
  failureMessage: string | null;

  /** Deliveries that claimed the job (informational). */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  /** Deliveries since the job last committed a batch, crashed ones included: the poison-job count. */
  @Column({ name: 'idle_deliveries', type: 'integer', default: 0 })
  idleDeliveries: number;

  /** Place in the organization's order, taken after the upload committed; null = not runnable yet. */
  @Column({ type: 'bigint', nullable: true, transformer: bigintAsNumber })
  seq: number | null;

  @Column({ type: 'text', default: 'merge' })
  mode: ImportMode;

  /** What the uploaded file holds, told at upload from its content type, name or first bytes. */
  @Column({ type: 'text', default: 'json' })
  format: FeedFormat;

  /** Replace mode only: the upload consented to deleting more than REPLACE_MAX_DELETE_RATIO of the catalog. */
  @Column({ name: 'allow_mass_delete', type: 'boolean', default: false })
  allowMassDelete: boolean;

  /** The upload's `language` (BCP 47): given to the products of the file that name none; null when not given. */
  @Column({ type: 'text', nullable: true })
  language: string | null;

  /** Products a replace import deleted as it ended done (0 otherwise). */
  @Column({ name: 'deleted_count', type: 'integer', default: 0 })
  deletedCount: number;

  /** Set by a cancel request; the worker stops at its next batch boundary. */
  @Column({ name: 'cancel_requested_at', type: 'timestamptz', nullable: true })
  cancelRequestedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}
