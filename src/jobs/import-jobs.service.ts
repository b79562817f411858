import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/errors/api-error';
import { CursorCodec } from '../common/pagination/cursor';
import { cursorField } from '../common/pagination/cursor-fields';
import { splitPage } from '../common/pagination/page';
import type { ImportErrorsPageDto } from './dto/import-errors-page.dto';
import { ImportJobDto } from './dto/import-job.dto';
import type { ImportJobPageDto } from './dto/import-job-page.dto';
import type { ImportJob } from './entities/import-job.entity';
import { ImportErrorRepository } from './repositories/import-error.repository';
import { ImportJobRepository } from './repositories/import-job.repository';

const FINISHED_CACHE_SIZE = 10_000;
/** Jobs are paged after a job id (its position is read from the row); errors after an element index. */
const JOB_CURSOR = new CursorCodec<{ id: string }>({ id: cursorField.uuid });
const ERROR_CURSOR = new CursorCodec<{ index: number }>({ index: cursorField.index });

/** Organization-scoped reads of import jobs and their errors for the HTTP layer. */
@Injectable()
export class ImportJobsService {
  private readonly finished = new Map<string, ImportJob>();

  constructor(
    private readonly jobs: ImportJobRepository,
    private readonly errors: ImportErrorRepository,
  ) {}

  /**
   * Another organization's job is answered exactly like a missing one (spec §5.4). A job in a
   * terminal state never changes again, so finished jobs are served from memory: clients that
   * keep polling a finished job cost no query.
   */
  async getForOrganization(id: string, organizationId: string): Promise<ImportJob> {
    const cached = this.finished.get(id);
    if (cached && cached.organizationId === organizationId) return cached;
    const job = await this.jobs.findForOrganization(id, organizationId);
    if (!job) throw new NotFoundError(`Import job ${id} not found`);
    if (job.status === 'done' || job.status === 'failed') this.remember(job);
    return job;
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
    const page = splitPage(rows, limit, (last) => ERROR_CURSOR.encode({ index: last.index }));
    return {
      job_id: job.id,
      failure: job.status === 'failed' && job.failureType ? { type: job.failureType, message: job.failureMessage ?? '' } : null,
      data: page.items.map((e) => ({ index: e.index, product_id: e.productId, errors: e.errors })),
      next_cursor: page.nextCursor,
    };
  }
}
