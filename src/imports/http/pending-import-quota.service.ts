import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig } from '../../common/config/app-config';
import { RateLimitedError } from '../../common/errors/api-error';
import { ImportJobRepository, type PendingUsage } from '../jobs/repositories/import-job.repository';

/** Imports of one organization run one at a time: a refused client waits for one to finish. */
const RETRY_AFTER_SECONDS = 30;

/**
 * Caps what one organization keeps waiting: unfinished import jobs and the bytes of their files,
 * which sit in PostgreSQL until each job ends. Checked before an upload streams (a cheap early
 * refusal) and again, exactly, at its end inside its transaction.
 */
@Injectable()
export class PendingImportQuotaService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly jobs: ImportJobRepository,
    private readonly config: AppConfig,
  ) {}

  /** Refuses (429) an upload of about `expectedBytes` that could not fit; committed uploads only. */
  async checkRoomFor(organizationId: string, expectedBytes: number): Promise<void> {
    const usage = await this.jobs.pendingUsage(this.dataSource.manager, organizationId);
    this.refuseBeyond({ jobs: usage.jobs + 1, bytes: usage.bytes + expectedBytes });
  }

  /**
   * In the upload's transaction, once its job row holds its size: waits for the organization's
   * other uploads to commit or roll back, then refuses (429, so the transaction rolls back) if
   * this one takes the organization beyond a cap.
   */
  async checkStored(manager: EntityManager, organizationId: string): Promise<void> {
    await this.jobs.lockOrganizationQuota(manager, organizationId);
    this.refuseBeyond(await this.jobs.pendingUsage(manager, organizationId));
  }

  private refuseBeyond(usage: PendingUsage): void {
    const { pendingImports, pendingImportBytes } = this.config.quotas;
    if (usage.jobs > pendingImports) {
      throw new RateLimitedError(
        `This organization has reached its limit of ${pendingImports} imports waiting or running ` +
          '(PENDING_IMPORTS_PER_ORGANIZATION); retry when one has finished',
        RETRY_AFTER_SECONDS,
      );
    }
    if (usage.bytes > pendingImportBytes) {
      throw new RateLimitedError(
        `This upload would take the files of this organization's waiting imports beyond ${pendingImportBytes} bytes ` +
          '(PENDING_IMPORT_BYTES_PER_ORGANIZATION); retry when one has finished',
        RETRY_AFTER_SECONDS,
      );
    }
  }
}
