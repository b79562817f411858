import { POSTGRES_ERROR, postgresErrorCode } from '../../common/errors/postgres-errors';
import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import type { Principal } from '../../auth/principal';
import { AppConfig } from '../../common/config/app-config';
import { ValidationError } from '../../common/errors/api-error';
import type { ImportMode } from '../jobs/entities/import-job-status';
import type { ImportJob } from '../jobs/entities/import-job.entity';
import { JobIntakeService } from '../jobs/intake/job-intake.service';
import { ImportQueueProducer } from '../queue/import-queue.producer';
import { PendingImportQuotaService } from './pending-import-quota.service';
import { FileDigest, hashOnly } from './upload/file-digest';
import { readFilePart } from './upload/multipart-file-reader';
import { UploadCheckpointsService } from './upload/upload-checkpoints.service';
import { UploadSlots } from './upload/upload-slots';
import { UploadMetricsService } from './upload-metrics.service';

const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** How the import applies the file (persisted on the job). */
export interface UploadMode {
  mode: ImportMode;
  /** Replace mode only: consent to deleting more than REPLACE_MAX_DELETE_RATIO of the catalog. */
  allowMassDelete: boolean;
  /** The language of the file's products that name none (BCP 47), or null. */
  language: string | null;
}

const MERGE: UploadMode = { mode: 'merge', allowMassDelete: false, language: null };

/**
 * Stores an uploaded catalog and creates its import job in one transaction: the job row and every
 * chunk commit together or not at all. The Bull job is added only after commit.
 */
@Injectable()
export class ImportUploadService {
  private readonly logger = new Logger(ImportUploadService.name);
  private readonly slots: UploadSlots;
  /** This process's position assignments, one at a time: they complete in the order the 202s then leave. */
  private positions: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataSource: DataSource,
    private readonly intake: JobIntakeService,
    private readonly producer: ImportQueueProducer,
    private readonly config: AppConfig,
    private readonly checkpoints: UploadCheckpointsService,
    private readonly quota: PendingImportQuotaService,
    metrics: UploadMetricsService,
  ) {
    this.slots = new UploadSlots({
      perProcess: config.uploads.slotsPerProcess,
      perAccount: config.uploads.slotsPerAccount,
      perOrganization: config.uploads.slotsPerOrganization,
    });
    metrics.observe(this.slots);
  }

  /**
   * Returns the job id: a new job's, or the earlier one when the Idempotency-Key was used with the
   * same file (SHA-256 of its content) within 24 h. The key with another file is a 422.
   */
  async upload(
    request: Readable & { headers: IncomingHttpHeaders },
    principal: Principal,
    idempotencyKey?: string,
    mode: UploadMode = MERGE,
  ): Promise<string> {
    const key = this.checkIdempotencyKey(idempotencyKey);
    if (mode.allowMassDelete && mode.mode !== 'replace') throw new ValidationError('allow_mass_delete applies only to mode=replace');
    const notBefore = new Date(Date.now() - IDEMPOTENCY_WINDOW_MS);
    const earlier = key ? await this.intake.findByIdempotencyKey(principal.organizationId, key, notBefore) : null;
    if (key && earlier) return this.replay(request, principal, earlier, key, mode);
    await this.quota.checkRoomFor(principal.organizationId, declaredLength(request.headers));
    const jobId = randomUUID();
    const digest = new FileDigest();
    try {
      await this.slots.run(principal, () =>
        this.dataSource.transaction(async (manager) => {
          await this.intake.accept(
            manager,
            {
              id: jobId,
              organizationId: principal.organizationId,
              accountId: principal.accountId,
              idempotencyKey: key,
              keyNotBefore: notBefore,
              mode: mode.mode,
              allowMassDelete: mode.allowMassDelete,
              language: mode.language,
            },
            async (sink) => {
              const { size } = await readFilePart(
                request,
                (fileName, content, contentType) => sink(fileName, digest.pass(content), contentType),
                this.minimumRate(),
              );
              return { size, sha256: digest.sha256 };
            },
          );
          await this.quota.checkStored(manager, principal.organizationId);
        }),
      );
    } catch (error) {
      // A concurrent upload with the same key committed first: answer as if it had come first.
      const winner =
        key && isUniqueViolation(error) ? await this.intake.findByIdempotencyKey(principal.organizationId, key, notBefore) : null;
      if (key && winner) return sameFileOrConflict(winner, key, digest.sha256, mode);
      throw error;
    }
    this.checkpoints.afterCommit(jobId);
    // The job's place in line is taken now, after commit and just before the 202 (nothing awaited in
    // between), so the organization's imports apply in the order their 202s were sent.
    await this.takePosition(jobId);
    // Not awaited, for the same reason: enqueueing is best effort anyway (the reconciler backs it up).
    void this.producer.enqueueBestEffort({ importJobId: jobId, organizationId: principal.organizationId });
    return jobId;
  }

  /**
   * A committed upload is accepted even if its position cannot be taken now (PostgreSQL gone since
   * the commit): the reconciler gives it one, and answering an error would invite a duplicate upload.
   */
  private takePosition(jobId: string): Promise<void> {
    const taken = this.positions.then(() => this.intake.assignPosition(jobId));
    this.positions = taken.catch((error: Error) => {
      this.logger.warn(`Import job ${jobId} stored but not positioned yet (${error.message}); the reconciler will`);
    });
    return this.positions;
  }

  /**
   * The key was used before: the body must still be read to know whether it is the same file. It
   * is hashed as it streams (with the usual limits, 413 included) and nothing is stored.
   */
  private async replay(
    request: Readable & { headers: IncomingHttpHeaders },
    principal: Principal,
    earlier: ImportJob,
    key: string,
    mode: UploadMode,
  ): Promise<string> {
    const digest = new FileDigest();
    await this.slots.run(principal, () => readFilePart(request, (_fileName, content) => hashOnly(content, digest), this.minimumRate()));
    return sameFileOrConflict(earlier, key, digest.sha256, mode);
  }

  private minimumRate(): { bytesPerSecond: number; windowMs: number } {
    return { bytesPerSecond: this.config.uploads.minBytesPerSecond, windowMs: this.config.uploads.minRateWindowMs };
  }

  private checkIdempotencyKey(key: string | undefined): string | null {
    if (key === undefined) return null;
    if (key.length === 0 || key.length > 255) throw new ValidationError('Idempotency-Key must be 1 to 255 characters');
    return key;
  }
}

/** The job an Idempotency-Key already names, if this upload's file and mode are the ones it was used with. */
function sameFileOrConflict(earlier: ImportJob, key: string, sha256: Buffer, mode: UploadMode): string {
  const used = `Idempotency-Key ${JSON.stringify(key)} was used within the last 24 h`;
  if (earlier.fileSha256?.equals(sha256)) {
    if (earlier.mode === mode.mode && earlier.allowMassDelete === mode.allowMassDelete && earlier.language === mode.language)
      return earlier.id;
    // The same file sent another way is another request: replaying it would silently not replace (or replace).
    const was = `mode=${earlier.mode}${earlier.allowMassDelete ? '&allow_mass_delete=true' : ''}${earlier.language ? `&language=${earlier.language}` : ''}`;
    throw new ValidationError(`${used} with the same file but ${was} (job ${earlier.id}); send a new key for another mode`);
  }
  // A job uploaded before file hashes were recorded cannot be shown to hold the same file.
  const why = earlier.fileSha256 ? `with a different file (job ${earlier.id})` : `by job ${earlier.id}, whose file cannot be compared`;
  throw new ValidationError(`${used} ${why}; send a new key with a new file`);
}

/** The request's Content-Length (the file plus a little multipart framing), 0 when it is not given. */
function declaredLength(headers: IncomingHttpHeaders): number {
  const length = Number(headers['content-length']);
  return Number.isSafeInteger(length) && length > 0 ? length : 0;
}

function isUniqueViolation(error: unknown): boolean {
  return postgresErrorCode(error) === POSTGRES_ERROR.uniqueViolation;
}
