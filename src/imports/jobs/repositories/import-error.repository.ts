import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { chunkBySize } from '../../../database/bounded-statements';
import { ImportErrorRecord, type FieldErrorRecord } from '../entities/import-error.entity';
import type { ImportErrorRow, StoredImportError } from '../import-error-rows';

/** Errors read per row: the 20 kept plus the summary entry. Older rows may hold many more. */
export const ERRORS_READ_PER_ROW = 21;

@Injectable()
export class ImportErrorRepository {
  constructor(@InjectRepository(ImportErrorRecord) private readonly repo: Repository<ImportErrorRecord>) {}

  /**
   * Inserts in statements of about 1 MiB of error JSON at most (all in the caller's transaction),
   * with a fixed 4-parameter unnest statement whatever the row count. ON CONFLICT keeps a replayed
   * batch from duplicating rows.
   */
  async insertMany(manager: EntityManager, jobId: string, rows: ImportErrorRow[]): Promise<void> {
    const encoded = rows.map((r) => ({ ...r, json: JSON.stringify(r.errors) }));
    for (const chunk of chunkBySize(encoded, (r) => Buffer.byteLength(r.json, 'utf8') + (r.productId?.length ?? 0))) {
      await manager.query(
        `INSERT INTO import_errors (job_id, "index", product_id, errors)
         SELECT $1, r.index, r.product_id, r.errors::jsonb
           FROM unnest($2::int[], $3::text[], $4::text[]) AS r(index, product_id, errors)
         ON CONFLICT DO NOTHING`,
        [jobId, chunk.map((r) => r.index), chunk.map((r) => r.productId), chunk.map((r) => r.json)],
      );
    }
  }

  /**
   * Errors of one job in file order, after a given element index. The caller has checked the job's
   * organization. Reads at most ERRORS_READ_PER_ROW errors of each row, so a row stored before the
   * per-element cap existed cannot make a page large.
   */
  async list(jobId: string, limit: number, afterIndex?: number): Promise<StoredImportError[]> {
    const rows: Array<{ index: number; product_id: string | null; errors: FieldErrorRecord[]; error_count: number }> =
      await this.repo.query(
        `SELECT "index", product_id, jsonb_path_query_array(errors, '$[0 to ${ERRORS_READ_PER_ROW - 1}]') AS errors,
              jsonb_array_length(errors) AS error_count
         FROM import_errors
        WHERE job_id = $1 AND ($3::int IS NULL OR "index" > $3)
        ORDER BY "index"
        LIMIT $2`,
        [jobId, limit, afterIndex ?? null],
      );
    return rows.map((r) => ({ index: r.index, productId: r.product_id, errors: r.errors, errorCount: r.error_count }));
  }

  /** Elements of the job whose error details were kept. */
  async countForJob(jobId: string): Promise<number> {
    const [row] = await this.repo.query<Array<{ count: string }>>('SELECT count(*) AS count FROM import_errors WHERE job_id = $1', [jobId]);
    return Number(row.count);
  }
}
