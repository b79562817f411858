import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { DataSource, type EntityManager } from 'typeorm';
import type { Principal } from '../auth/principal';
import { Gauge } from 'prom-client';
import { AppConfig } from '../common/config/app-config';
import { MetricsService } from '../common/metrics/metrics.service';
import { ValidationError } from '../common/errors/api-error';
import { ImportQueueProducer } from '../jobs/queue/import-queue.producer';
import { ImportFileRepository } from '../jobs/repositories/import-file.repository';
import { ImportJobRepository } from '../jobs/repositories/import-job.repository';
import { ChunkAccumulator } from './upload/chunk-accumulator';
import { readJsonFilePart } from './upload/multipart-file-reader';
import { CHUNK_BYTES, MAX_CONCURRENT_UPLOADS } from './upload/upload-limits';
import { UploadSlots } from './upload/upload-slots';

const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const UNIQUE_VIOLATION = '23505';

/**
 * Stores an uploaded catalog and creates its import job in one transaction: the job row and every
 * chunk commit together or not at all. The Bull job is added only after commit.
 */
@Injectable()
export class ImportUploadService {
  private readonly slots: UploadSlots;

  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: ImportJobRepository,
    private readonly files: ImportFileRepository,
    private readonly producer: ImportQueueProducer,
    private readonly config: AppConfig,
    metrics: MetricsService,
  ) {
    const slots = new UploadSlots(MAX_CONCURRENT_UPLOADS, config.uploads.slotsPerAccount);
    this.slots = slots;
    new Gauge({
      name: 'uploads_in_progress',
      help: 'Uploads this process is streaming into PostgreSQL now',
      registers: [metrics.registry],
      collect() {
        this.set(slots.inProgress);
      },
    });
  }

  /** Returns the job id: a new job's, or the earlier one when the Idempotency-Key matched. */
  async upload(request: Readable & { headers: IncomingHttpHeaders }, principal: Principal, idempotencyKey?: string): Promise<string> {
    const key = this.checkIdempotencyKey(idempotencyKey);
    const notBefore = new Date(Date.now() - IDEMPOTENCY_WINDOW_MS);
    if (key) {
      const earlier = await this.jobs.findByIdempotencyKey(principal.organizationId, key, notBefore);
      if (earlier) {
        request.resume(); // the body is not needed; drain it so the connection can be reused
        return earlier.id;
      }
    }
    const jobId = randomUUID();
    try {
      await this.slots.run(principal.accountId, () =>
        this.dataSource.transaction(async (manager) => {
          if (key) await this.jobs.releaseExpiredIdempotencyKey(manager, principal.organizationId, key, notBefore);
          const { size } = await readJsonFilePart(
            request,
            (fileName, content) => this.store(manager, { jobId, principal, fileName, idempotencyKey: key }, content),
            { bytesPerSecond: this.config.uploads.minBytesPerSecond, windowMs: this.config.uploads.minRateWindowMs },
          );
          await this.jobs.markUploaded(manager, jobId, size);
        }),
      );
    } catch (error) {
      const earlier =
        key && isUniqueViolation(error) ? await this.jobs.findByIdempotencyKey(principal.organizationId, key, notBefore) : null;
      if (earlier) return earlier.id; // a concurrent request with the same key won
      throw error;
    }
    // Reliability suite only: die right after commit, before enqueueing; the reconciler must recover.
    if (this.config.faults.crashBeforeEnqueue) process.kill(process.pid, 'SIGKILL');
    await this.producer.enqueueBestEffort({ importJobId: jobId, organizationId: principal.organizationId });
    return jobId;
  }

  private async store(
    manager: EntityManager,
    job: { jobId: string; principal: Principal; fileName: string; idempotencyKey: string | null },
    content: AsyncIterable<Buffer>,
  ): Promise<number> {
    await this.jobs.insert(manager, {
      id: job.jobId,
      organizationId: job.principal.organizationId,
      accountId: job.principal.accountId,
      fileName: job.fileName,
      fileSize: 0,
      idempotencyKey: job.idempotencyKey,
    });
    const chunks = new ChunkAccumulator(CHUNK_BYTES);
    let size = 0;
    for await (const data of content) {
      size += data.length;
      for (const chunk of chunks.push(data)) await this.files.appendChunk(manager, job.jobId, chunk.seq, chunk.data);
    }
    const last = chunks.flush();
    if (last) await this.files.appendChunk(manager, job.jobId, last.seq, last.data);
    return size;
  }

  private checkIdempotencyKey(key: string | undefined): string | null {
    if (key === undefined) return null;
    if (key.length === 0 || key.length > 255) throw new ValidationError('Idempotency-Key must be 1 to 255 characters');
    return key;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return (
    (error as { code?: string; driverError?: { code?: string } }).code === UNIQUE_VIOLATION ||
    (error as { driverError?: { code?: string } }).driverError?.code === UNIQUE_VIOLATION
  );
}
