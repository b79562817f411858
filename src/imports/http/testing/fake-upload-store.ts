import type { EntityManager } from 'typeorm';
import type { ImportJob } from '../../jobs/entities/import-job.entity';
import { importJobRow } from '../../jobs/testing/import-job-row';
import type { ImportQueuePayload } from '../../queue/import-queue.constants';
import type { ImportQueueProducer } from '../../queue/import-queue.producer';
import type { ImportFileRepository } from '../../jobs/repositories/import-file.repository';
import type { ImportJobRepository } from '../../jobs/repositories/import-job.repository';

type JobStore = Pick<
  ImportJobRepository,
  | 'findByIdempotencyKey'
  | 'releaseExpiredIdempotencyKey'
  | 'pendingUsage'
  | 'lockOrganizationQuota'
  | 'insert'
  | 'recordFile'
  | 'markUploaded'
  | 'assignPosition'
>;

interface Chunk {
  jobId: string;
  seq: number;
  data: Buffer;
}

/** A transaction's own writes: visible to its reads at once, to everyone else only once it commits. */
interface FakeTransaction {
  jobs: Map<string, ImportJob>;
  chunks: Chunk[];
}

const AUTOCOMMIT = { autocommit: true };

/**
 * In-memory import_jobs, import_file_chunks and the queue, for unit specs of the upload path
 * (ImportUploadService through the real JobIntakeService and PendingImportQuotaService). It keeps the rules of
 * the SQL the upload relies on: a transaction's writes apply only when it commits and its own
 * reads see them; an Idempotency-Key is unique per organization among committed jobs (23505);
 * a position is given once.
 */
export class FakeUploadStore {
  /** Committed jobs by id. */
  readonly jobs = new Map<string, ImportJob>();
  readonly chunks: Chunk[] = [];
  readonly positioned: string[] = [];
  readonly enqueued: ImportQueuePayload[] = [];
  /** Runs as an upload records its file: a concurrent upload may commit here. */
  beforeRecordFile?: () => void;
  private nextSeq = 1;

  readonly dataSource = {
    manager: AUTOCOMMIT as unknown as EntityManager,
    transaction: async <T>(work: (manager: EntityManager) => Promise<T>): Promise<T> => {
      const tx: FakeTransaction = { jobs: new Map(), chunks: [] };
      const result = await work(tx as unknown as EntityManager); // a throw rolls back: nothing applied
      for (const [id, job] of tx.jobs) this.jobs.set(id, job);
      this.chunks.push(...tx.chunks);
      return result;
    },
  };

  readonly jobRepository: JobStore = {
    findByIdempotencyKey: async (organizationId, key, notBefore) =>
      [...this.jobs.values()].find((j) => j.organizationId === organizationId && j.idempotencyKey === key && j.createdAt >= notBefore) ??
      null,
    releaseExpiredIdempotencyKey: async (manager, organizationId, key, notBefore) => {
      for (const job of this.visible(manager)) {
        if (job.organizationId === organizationId && job.idempotencyKey === key && job.createdAt < notBefore) {
          this.write(manager, job.id, { idempotencyKey: null });
        }
      }
    },
    pendingUsage: async (manager, organizationId) => {
      const unfinished = this.visible(manager).filter(
        (j) => j.organizationId === organizationId && (j.status === 'pending' || j.status === 'processing'),
      );
      return { jobs: unfinished.length, bytes: unfinished.reduce((sum, j) => sum + j.fileSize, 0) };
    },
    lockOrganizationQuota: async () => undefined,
    insert: async (manager, job) => {
      this.transaction(manager).jobs.set(job.id, importJobRow(job));
    },
    recordFile: async (manager, id, sha256, idempotencyKey) => {
      this.beforeRecordFile?.();
      const rows = this.visible(manager);
      const job = rows.find((j) => j.id === id)!;
      const taken = rows.some(
        (j) => j.id !== id && j.organizationId === job.organizationId && idempotencyKey !== null && j.idempotencyKey === idempotencyKey,
      );
      if (taken) throw Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
      this.write(manager, id, { fileSha256: sha256, idempotencyKey });
    },
    markUploaded: async (manager, id, fileSize, scannedTotal) => {
      this.write(manager, id, { fileSize, scannedTotal, createdAt: new Date() });
    },
    assignPosition: async (id) => {
      const job = this.jobs.get(id);
      if (!job || job.seq !== null) return;
      job.seq = this.nextSeq++;
      this.positioned.push(id);
    },
  };

  readonly fileRepository: Pick<ImportFileRepository, 'appendChunk'> = {
    appendChunk: async (manager, jobId, seq, data) => {
      this.transaction(manager).chunks.push({ jobId, seq, data: Buffer.from(data) });
    },
  };

  readonly producer: Pick<ImportQueueProducer, 'enqueueBestEffort'> = {
    enqueueBestEffort: async (payload) => {
      this.enqueued.push(payload);
      return true;
    },
  };

  /** A committed job, e.g. an earlier upload or another one still waiting. */
  addJob(job: Partial<ImportJob> & Pick<ImportJob, 'id' | 'organizationId'>): ImportJob {
    const row = {
      ...importJobRow({ accountId: 'account', fileName: 'earlier.json', fileSize: 0, mode: 'merge', allowMassDelete: false, ...job }),
      ...job,
    };
    this.jobs.set(row.id, row);
    return row;
  }

  /** The stored file of a job, its chunks in order. */
  fileOf(jobId: string): Buffer {
    const chunks = this.chunks.filter((c) => c.jobId === jobId).sort((a, b) => a.seq - b.seq);
    return Buffer.concat(chunks.map((c) => c.data));
  }

  private transaction(manager: EntityManager): FakeTransaction {
    if ((manager as unknown) === AUTOCOMMIT) throw new Error('the upload writes only inside its transaction');
    return manager as unknown as FakeTransaction;
  }

  private visible(manager: EntityManager): ImportJob[] {
    if ((manager as unknown) === AUTOCOMMIT) return [...this.jobs.values()];
    const own = this.transaction(manager).jobs;
    return [...[...this.jobs.values()].filter((j) => !own.has(j.id)), ...own.values()];
  }

  private write(manager: EntityManager, id: string, change: Partial<ImportJob>): void {
    const tx = this.transaction(manager);
    const current = tx.jobs.get(id) ?? this.jobs.get(id);
    if (current) tx.jobs.set(id, { ...current, ...change });
  }
}
