import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { ImportErrorRecord } from '../entities/import-error.entity';

@Injectable()
export class ImportErrorRepository {
  constructor(@InjectRepository(ImportErrorRecord) private readonly repo: Repository<ImportErrorRecord>) {}

  /** One multi-row insert per batch; ON CONFLICT keeps a replayed batch from duplicating rows. */
  async insertMany(manager: EntityManager, rows: ImportErrorRecord[]): Promise<void> {
    if (rows.length === 0) return;
    await manager.createQueryBuilder().insert().into(ImportErrorRecord).values(rows).orIgnore().execute();
  }

  /** Errors of one job in file order, after a given element index. The caller has checked the job's organization. */
  list(jobId: string, limit: number, afterIndex?: number): Promise<ImportErrorRecord[]> {
    const query = this.repo.createQueryBuilder('e').where('e.job_id = :jobId', { jobId }).orderBy('e.index', 'ASC').limit(limit);
    if (afterIndex !== undefined) query.andWhere('e.index > :afterIndex', { afterIndex });
    return query.getMany();
  }
}
