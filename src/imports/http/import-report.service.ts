import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../common/errors/api-error';
import { ImportErrorRepository } from '../jobs/repositories/import-error.repository';
import { ImportJobRepository } from '../jobs/repositories/import-job.repository';
import { ImportJobReportDto } from '../dto/import-report.dto';

/** The report of one import job of the caller's organization, read fresh (it also shows cancel requests). */
@Injectable()
export class ImportReportService {
  constructor(
    private readonly jobs: ImportJobRepository,
    private readonly errors: ImportErrorRepository,
  ) {}

  async get(jobId: string, organizationId: string): Promise<ImportJobReportDto> {
    const job = await this.jobs.findForOrganization(jobId, organizationId);
    if (!job) throw new NotFoundError(`Import job ${jobId} not found`);
    return ImportJobReportDto.fromJob(job, await this.errors.countForJob(job.id));
  }
}
