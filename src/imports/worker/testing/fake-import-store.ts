import type { FeedFormat } from '../../../common/feeds/feed-format';
import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { BatchDiff } from '../../pipeline/batch-diff';
import type { ImportBatchService } from '../../pipeline/import-batch.service';
import { UNLIMITED, type ProductRoom } from '../../pipeline/product-quota';
import type { InvalidElement } from '../../pipeline/element-outcome';
import { elementText, type RawElement } from '../../pipeline/raw-element';
import type { StoredHashes } from '../../../catalog/product-write';
import type { SearchIndexerService } from '../../../catalog/indexing/search-indexer.service';
import type { ImportFailureType, ImportJobStatus } from '../../jobs/entities/import-job-status';
import type { ImportJob } from '../../jobs/entities/import-job.entity';
import type { ImportErrorRepository } from '../../jobs/repositories/import-error.repository';
import type { ImportFileRepository } from '../../jobs/repositories/import-file.repository';
import type { ImportJobIdsRepository } from '../../jobs/repositories/import-job-ids.repository';
import type { BatchProgress, ImportJobRepository } from '../../jobs/repositories/import-job.repository';

/**
 * In-memory stand-ins for what the worker reads and writes through (DataSource transactions, the
 * job, file and error repositories, the catalog), for unit specs of ImportJobRunnerService and
 * ImportDeliveryProcessor. They keep the rules the real SQL enforces that the worker relies on: writes in
 * a transaction apply only when it commits, `advance` only moves a cursor that is still where the
 * batch started, `markDone` needs cursor = total, terminal jobs do not change again.
 */
export interface FakeJobRow {
  id: string;
  organizationId: string;
  seq: number;
  status: ImportJobStatus;
  total: number;
  /** What the upload counted (null: the worker scans). */
  scannedTotal: number | null;
  cursor: number;
  indexedCount: number;
  failedCount: number;
  skippedCount: number;
  idleDeliveries: number;
  failureType: ImportFailureType | null;
  failureMessage: string | null;
  format: FeedFormat;
}

/** A manager handed to repositories: inside a transaction its writes wait for the commit. */
interface FakeManager {
  pending: Array<{ name: string; apply: () => void }> | null;
}

export class FakeImportStore {
  readonly jobs = new Map<string, FakeJobRow>();
  readonly files = new Map<string, Buffer>();
  /** `<organization>/<product id>` → the product's JSON text. */
  readonly products = new Map<string, string>();
  readonly errorRows: Array<{ jobId: string; index: number; productId: string | null }> = [];
  /** Every committed unit of work (a transaction, or one statement outside one), as the names of its writes. */
  readonly commits: string[][] = [];
  /** Bytes per chunk readChunks yields (small, so elements straddle chunk boundaries). */
  chunkBytes = 7;
  /** Catalog write calls (1-based) that throw this error inside their transaction. */
  readonly writeFailures = new Map<number, Error>();
  private writeCalls = 0;
  /** Whole passes over each job's stored file that readChunks started. */
  readonly fileReads = new Map<string, number>();
  /** What each prepare() was given: the element indexes, the ids of the in-flight batch's writes, the room for new products. */
  readonly prepared: Array<{ indexes: number[]; pendingIds: string[]; room: number }> = [];

  private readonly autocommit: FakeManager = { pending: null };
  private nextSeq = 1;

  addJob(id: string, organizationId: string, file: string, row: Partial<FakeJobRow> = {}): FakeJobRow {
    const job: FakeJobRow = {
      id,
      organizationId,
      seq: this.nextSeq++,
      status: 'pending',
      total: 0,
      scannedTotal: null,
      cursor: 0,
      indexedCount: 0,
      failedCount: 0,
      skippedCount: 0,
      idleDeliveries: 0,
      failureType: null,
      failureMessage: null,
      format: 'json',
      ...row,
    };
    this.jobs.set(id, job);
    this.files.set(id, Buffer.from(file, 'utf8'));
    return job;
  }

  job(id: string): FakeJobRow {
    const job = this.jobs.get(id);
    if (!job) throw new Error(`no job ${id}`);
    return job;
  }

  /** The job as the worker's claim returns it (a copy: the worker mutates its own). */
  entity(id: string): ImportJob {
    return { ...this.job(id) } as unknown as ImportJob;
  }

  /** The names of the writes committed so far, one string per unit of work. */
  commitLog(): string[] {
    return this.commits.map((names) => names.join('+'));
  }

  readonly dataSource = {
    manager: this.autocommit as unknown as EntityManager,
    transaction: async <T>(work: (manager: EntityManager) => Promise<T>): Promise<T> => {
      const tx: FakeManager = { pending: [] };
      const result = await work(tx as unknown as EntityManager); // a throw rolls back: nothing applied
      for (const write of tx.pending!) write.apply();
      this.commits.push(tx.pending!.map((w) => w.name));
      return result;
    },
  };

  readonly jobRepository: Pick<
    ImportJobRepository,
    | 'setTotal'
    | 'advance'
    | 'markDone'
    | 'markFailed'
    | 'markProcessing'
    | 'oldestUnfinished'
    | 'findById'
    | 'idleDeliveries'
    | 'cancelRequested'
  > = {
    setTotal: async (manager, id, total) => {
      this.write(manager, 'setTotal', () => {
        const job = this.job(id);
        if (job.status === 'processing') job.total = total;
      });
    },
    advance: async (manager, id, batch: BatchProgress) => {
      const job = this.job(id);
      if (job.status !== 'processing' || job.cursor !== batch.fromCursor) return null;
      const failedBefore = job.failedCount;
      this.write(manager, 'advance', () => {
        job.indexedCount += batch.indexed;
        job.failedCount += batch.failed;
        job.skippedCount += batch.skipped;
        job.cursor = batch.toCursor;
        job.idleDeliveries = 0;
      });
      return failedBefore;
    },
    markDone: async (manager, id) => {
      const job = this.job(id);
      if (job.status !== 'processing' || job.cursor !== job.total) return false;
      this.write(manager, 'markDone', () => (job.status = 'done'));
      return true;
    },
    markFailed: async (manager, id, type, message) => {
      const job = this.job(id);
      if (job.status !== 'pending' && job.status !== 'processing') return false;
      this.write(manager, `markFailed(${type})`, () =>
        Object.assign(job, { status: 'failed', failureType: type, failureMessage: message }),
      );
      return true;
    },
    markProcessing: async (manager, id) => {
      const job = this.jobs.get(id);
      if (!job || (job.status !== 'pending' && job.status !== 'processing')) return null;
      this.write(manager, 'markProcessing', () => {
        job.status = 'processing';
        job.idleDeliveries++;
      });
      return this.entity(id);
    },
    oldestUnfinished: async (_manager, organizationId) => {
      const unfinished = [...this.jobs.values()]
        .filter((j) => j.organizationId === organizationId && (j.status === 'pending' || j.status === 'processing'))
        .sort((a, b) => a.seq - b.seq);
      return unfinished.length > 0 ? this.entity(unfinished[0].id) : null;
    },
    findById: async (id) => (this.jobs.has(id) ? this.entity(id) : null),
    idleDeliveries: async (id) => this.jobs.get(id)?.idleDeliveries ?? 0,
    // No cancel requests here: a refused update is always another delivery's progress.
    cancelRequested: async () => false,
  };

  /** Organizations whose search vectors were asked for (the indexer itself runs in PostgreSQL). */
  readonly searchRequests: string[] = [];
  readonly searchIndexer: Pick<SearchIndexerService, 'request'> = {
    request: async (organizationId) => {
      this.searchRequests.push(organizationId);
      return true;
    },
  };

  /** Replace mode's id list: merge-mode jobs (all the jobs of these specs) never touch it. */
  readonly idsRepository = {} as Pick<ImportJobIdsRepository, never>;

  readonly fileRepository: Pick<ImportFileRepository, 'readChunks' | 'deleteFile'> = {
    readChunks: (jobId) => this.chunks(jobId),
    deleteFile: async (manager, jobId) => this.write(manager, 'deleteFile', () => this.files.delete(jobId)),
  };

  readonly errorRepository: Pick<ImportErrorRepository, 'insertMany'> = {
    insertMany: async (manager, jobId, rows) => {
      this.write(manager, `insertErrors(${rows.length})`, () => {
        for (const row of rows) this.errorRows.push({ jobId, index: row.index, productId: row.productId });
      });
    },
  };

  /**
   * The catalog's two steps, with a toy rule instead of the product validator: an element is a
   * product when it is an object with a string `id`; it is skipped when its text equals what the
   * catalog (or the batch still committing) holds for that id.
   */
  readonly catalog: Pick<ImportBatchService, 'prepare' | 'write' | 'countProducts'> = {
    prepare: async (
      _manager,
      organizationId,
      elements: RawElement[],
      pending: ReadonlyMap<string, StoredHashes> = new Map(),
      quota: ProductRoom = UNLIMITED,
    ) => {
      this.prepared.push({ indexes: elements.map((e) => e.index), pendingIds: [...pending.keys()], room: quota.room });
      let room = quota.room;
      const diff: BatchDiff = { writes: [], named: [], invalid: [], indexed: 0, skipped: 0, failed: 0 };
      const seen = new Map<string, string>();
      for (const element of elements) {
        const id = productId(element);
        if (id === null) {
          diff.invalid.push(invalid(element));
          continue;
        }
        const text = elementText(element)!;
        const hash = sha256(text);
        const stored = seen.get(id) ?? pending.get(id)?.contentHash ?? this.storedHash(organizationId, id);
        if (stored === hash) {
          diff.skipped++;
          continue;
        }
        if (stored === undefined) {
          if (room <= 0) {
            diff.invalid.push(invalid(element));
            continue;
          }
          room--;
        }
        seen.set(id, hash);
        diff.indexed++;
        diff.writes = diff.writes.filter((w) => w.productId !== id);
        diff.writes.push({
          productId: id,
          contentHash: hash,
          rawHash: hash,
          json: Buffer.from(text, 'utf8'),
          exists: stored !== undefined,
        });
      }
      diff.failed = diff.invalid.length;
      return diff;
    },
    countProducts: async (organizationId) => [...this.products.keys()].filter((key) => key.startsWith(`${organizationId}/`)).length,
    write: async (manager, organizationId, _jobId, diff) => {
      const failure = this.writeFailures.get(++this.writeCalls);
      if (failure) throw failure;
      this.write(manager, `writeProducts(${diff.writes.length})`, () => {
        for (const w of diff.writes) this.products.set(`${organizationId}/${w.productId}`, w.json.toString('utf8'));
      });
    },
  };

  private storedHash(organizationId: string, id: string): string | undefined {
    const text = this.products.get(`${organizationId}/${id}`);
    return text === undefined ? undefined : sha256(text);
  }

  private async *chunks(jobId: string): AsyncGenerator<Buffer> {
    const file = this.files.get(jobId);
    if (!file) throw new Error(`the file of job ${jobId} is gone`);
    this.fileReads.set(jobId, (this.fileReads.get(jobId) ?? 0) + 1);
    for (let at = 0; at < file.length; at += this.chunkBytes) yield file.subarray(at, at + this.chunkBytes);
  }

  private write(manager: EntityManager, name: string, apply: () => void): void {
    const fake = manager as unknown as FakeManager;
    if (fake.pending) fake.pending.push({ name, apply });
    else {
      apply();
      this.commits.push([name]);
    }
  }
}

function productId(element: RawElement): string | null {
  const text = elementText(element);
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : undefined;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

function invalid(element: RawElement): InvalidElement {
  return { kind: 'invalid', index: element.index, productId: null, errors: [{ field: 'id', message: 'must be a string' }] };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
