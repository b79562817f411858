import { Injectable } from '@nestjs/common';
import { LatestImportSource } from '../catalog/latest-import-source';
import { AppConfig } from '../common/config/app-config';
import { NotFoundError } from '../common/errors/api-error';
import { CursorCodec } from '../common/pagination/cursor';
import { cursorField } from '../common/pagination/cursor-fields';
import { splitPage } from '../common/pagination/page';
import type { ImportErrorsPageDto } from './dto/import-errors-page.dto';
import { ImportJobDto } from './dto/import-job.dto';
import type { ImportJobPageDto } from './dto/import-job-page.dto';
import type { ImportJob } from './jobs/entities/import-job.entity';
import { ImportErrorRepository } from './jobs/repositories/import-error.repository';
import { ImportJobRepository } from './jobs/repositories/import-job.repository';
import { fitPage, importErrorDto } from './dto/errors-page';

const FINISHED_CACHE_SIZE = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Jobs are paged after a job id (its position is read from the row); errors after an element index. */
const JOB_CURSOR = new CursorCodec<{ id: string }>({ id: cursorField.uuid });
const ERROR_CURSOR = new CursorCodec<{ index: number }>({ index: cursorField.index });

/** Organization-scoped reads of import jobs and their errors for the HTTP layer. */
@Injectable()
export class ImportJobsService implements LatestImportSource {
  private readonly finished = new Map<string, ImportJob>();

  constructor(
    private readonly jobs: ImportJobRepository,
    private readonly errors: ImportErrorRepository,
    private readonly config: AppConfig,
  ) {}

  /** The latest job of the organization, whatever its status (GET /v1/catalogs, MCP catalog_overview). */
  async latestImport(organizationId: string): Promise<ImportJobDto | null> {
    const job = await this.jobs.latestForOrganization(organizationId);
    return job ? ImportJobDto.from(job) : null;
  }

  /**
   * Another organization's job is answered exactly like a missing one. A job in a
   * terminal state never changes again, so finished jobs are served from memory: clients that
   * keep polling a finished job cost no query. Until its retention ends: then it is read again
   * (and is gone once the worker's sweep purged it).
   */
  async getForOrganization(id: string, organizationId: string): Promise<ImportJob> {
    const cached = this.finished.get(id);
    if (cached && this.isRetained(cached) && cached.organizationId === organizationId) return cached;
    if (cached) this.finished.delete(id);
    const job = await this.jobs.findForOrganization(id, organizationId);
    if (!job) throw new NotFoundError(`Import job ${id} not found`);
    if (job.status === 'done' || job.status === 'failed') this.remember(job);
    return job;
  }

  private isRetained(job: ImportJob): boolean {
    return (job.completedAt?.getTime() ?? Date.now()) > Date.now() - this.config.worker.retentionDays * DAY_MS;
  }

  private remember(job: ImportJob): void {
    if (this.finished.size >= FINISHED_CACHE_SIZE) this.finished.delete(this.finished.keys().next().value as string);
    this.finished.set(job.id, job);
  }

  async list(organizationId: string, limit: number, cursor?: string): Promise<ImportJobPageDto> {
    const after = cursor ? JOB_CURSOR.decode(cursor).id : undefined;
    const rows = await this.jobs.listForOrganization(organizationId, limit + 1, after);
    const page = splitPage(rows, limit, (last) => JOB_CURSOR.encode({ id: last.id }));
    return { data: page.items.map((job) => ImportJobDto.from(job)), next_cursor: page.nextCursor };
  }

  async listErrors(jobId: string, organizationId: string, limit: number, cursor?: string): Promise<ImportErrorsPageDto> {
    const after = cursor ? ERROR_CURSOR.decode(cursor).index : undefined; // 422 before 404
    const job = await this.getForOrganization(jobId, organizationId);
    const rows = await this.errors.list(job.id, limit + 1, after);
    // Bounded bytes whatever was stored: each row re-capped, and the page cut at MAX_ERRORS_PAGE_BYTES.
    const page = fitPage(rows.map(importErrorDto), limit);
    return {
      job_id: job.id,
      failure: job.status === 'failed' && job.failureType ? { type: job.failureType, message: job.failureMessage ?? '' } : null,
      failed_count: job.failedCount,
      error_details_kept: await this.errors.countForJob(job.id),
      data: page.items,
      next_cursor: page.more ? ERROR_CURSOR.encode({ index: page.items[page.items.length - 1].index }) : null,
    };
  }
}
