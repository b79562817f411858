import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../common/config/app-config';
import { ImportRetentionRepository } from '../jobs/repositories/import-retention.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Jobs looked up per query, and error rows per DELETE: each statement stays short. */
const JOB_BATCH = 100;
const ERROR_ROW_BATCH = 5_000;

export interface RetentionResult {
  /** False when another worker was sweeping at the time (nothing done here). */
  ran: boolean;
  jobs: number;
  errorRows: number;
}

/**
 * Purges finished import jobs older than IMPORT_RETENTION_DAYS with their error rows, in small
 * batches. Runs in every worker; an advisory lock lets one sweep at a time.
 */
@Injectable()
export class ImportRetentionService {
  private readonly logger = new Logger(ImportRetentionService.name);

  constructor(
    private readonly retention: ImportRetentionRepository,
    private readonly config: AppConfig,
  ) {}

  async sweep(now = new Date()): Promise<RetentionResult> {
    const before = new Date(now.getTime() - this.config.worker.retentionDays * DAY_MS);
    const result = await this.retention.exclusively(async (manager) => {
      let jobs = 0;
      let errorRows = 0;
      for (;;) {
        const ids = await this.retention.expiredJobIds(manager, before, JOB_BATCH);
        let deletedJobs = 0;
        for (const id of ids) {
          let deleted: number;
          do {
            deleted = await this.retention.deleteErrorRows(manager, id, ERROR_ROW_BATCH);
            errorRows += deleted;
          } while (deleted === ERROR_ROW_BATCH);
          if (await this.retention.deleteFinishedJob(manager, id)) deletedJobs++;
        }
        jobs += deletedJobs;
        if (ids.length < JOB_BATCH || deletedJobs === 0) return { jobs, errorRows };
      }
    });
    if (!result) return { ran: false, jobs: 0, errorRows: 0 };
    if (result.jobs > 0) this.logger.log(`Retention: purged ${result.jobs} finished import job(s) and ${result.errorRows} error row(s)`);
    return { ran: true, ...result };
  }
}
