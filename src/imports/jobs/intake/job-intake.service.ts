import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ImportMode } from '../entities/import-job-status';
import type { ImportJob } from '../entities/import-job.entity';
import { ImportFileRepository } from '../repositories/import-file.repository';
import { ImportJobRepository } from '../repositories/import-job.repository';
import { CHUNK_BYTES, ChunkAccumulator } from './chunk-accumulator';
import { UnsupportedMediaTypeError } from '../../../common/errors/api-error';
import { detectFormat, SNIFF_BYTES } from '../../pipeline/formats/detect-format';
import { acceptedFormatsText } from '../../../common/feeds/feed-format';
import { SniffedHead } from './sniffed-head';
import { UploadScan } from './upload-scan';

/** The upload that becomes a job: who sent it, and the Idempotency-Key it claims (if any). */
export interface IntakeJob {
  id: string;
  organizationId: string;
  accountId: string;
  idempotencyKey: string | null;
  /** Keys used before this instant are out of their window and are released. */
  keyNotBefore: Date;
  /** How the import applies the file; allowMassDelete is replace mode's consent to deleting beyond the ratio. */
  mode: ImportMode;
  allowMassDelete: boolean;
  /** The language given to the file's products that name none (BCP 47), or null. */
  language: string | null;
}

/** Stores one file part in the job's chunk table and returns its size in bytes. */
export type IntakeFileSink = (fileName: string, content: AsyncIterable<Buffer>, contentType?: string) => Promise<number>;

/** What the caller read once the whole request was received: the stored size and the file's SHA-256. */
export interface ReceivedFile {
  size: number;
  sha256: Buffer;
}

/**
 * Where an upload becomes an import job: the job row, its file chunks and the uploaded mark, all
 * in the caller's transaction, so they commit together or not at all.
 */
@Injectable()
export class JobIntakeService {
  constructor(
    private readonly jobs: ImportJobRepository,
    private readonly files: ImportFileRepository,
  ) {}

  findByIdempotencyKey(organizationId: string, key: string, notBefore: Date): Promise<ImportJob | null> {
    return this.jobs.findByIdempotencyKey(organizationId, key, notBefore);
  }

  /**
   * `receive` reads the request, handing its file part to the sink it is given; once it returns
   * (the whole request read and checked) the file's hash and key are recorded and the job is
   * marked uploaded.
   */
  async accept(manager: EntityManager, job: IntakeJob, receive: (sink: IntakeFileSink) => Promise<ReceivedFile>): Promise<void> {
    const scan = new UploadScan();
    const { size, sha256 } = await receive((fileName, content, contentType) =>
      this.storeFile(manager, job, fileName, content, contentType ?? '', scan),
    );
    if (job.idempotencyKey) await this.jobs.releaseExpiredIdempotencyKey(manager, job.organizationId, job.idempotencyKey, job.keyNotBefore);
    await this.jobs.recordFile(manager, job.id, sha256, job.idempotencyKey);
    await this.jobs.markUploaded(manager, job.id, size, await scan.finish());
  }

  /** The job's place in its organization's order, taken after commit (see ImportJobRepository.assignPosition). */
  assignPosition(jobId: string): Promise<void> {
    return this.jobs.assignPosition(jobId);
  }

  private async storeFile(
    manager: EntityManager,
    job: IntakeJob,
    fileName: string,
    content: AsyncIterable<Buffer>,
    contentType: string,
    scan: UploadScan,
  ): Promise<number> {
    const chunks = new ChunkAccumulator(CHUNK_BYTES);
    const head = new SniffedHead(content);
    const format = detectFormat({ contentType, fileName, firstBytes: await head.first(SNIFF_BYTES) });
    if (format === null) {
      throw new UnsupportedMediaTypeError(
        `The format of the file cannot be told from its content type, name or first bytes; accepted: ${acceptedFormatsText()}`,
      );
    }
    await this.jobs.insert(manager, {
      id: job.id,
      organizationId: job.organizationId,
      accountId: job.accountId,
      fileName,
      fileSize: 0,
      mode: job.mode,
      allowMassDelete: job.allowMassDelete,
      language: job.language,
      format,
    });
    // The upload counts (and checks) JSON arrays, CSV and TSV; the other formats are scanned by the worker.
    scan.use(format);
    let size = 0;
    for await (const data of head.all()) {
      size += data.length;
      scan.push(data);
      for (const chunk of chunks.push(data)) await this.files.appendChunk(manager, job.id, chunk.seq, chunk.data);
    }
    const last = chunks.flush();
    if (last) await this.files.appendChunk(manager, job.id, last.seq, last.data);
    return size;
  }
}
