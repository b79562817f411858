import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** What a replace import would delete: the organization's catalog size and the products its file does not name. */
export interface ReplaceEffect {
  catalogSize: number;
  absent: number;
}

/**
 * The product ids a replace import's file names (import_job_ids), and the deletes they decide.
 * Raw SQL: these statements join the id list with `products` of one organization (anti-join),
 * which TypeORM's builders cannot express without loading rows.
 */
@Injectable()
export class ImportJobIdsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Forgets what an earlier delivery's scan recorded, so a rescan starts from nothing. */
  async clear(jobId: string): Promise<void> {
    await this.dataSource.query('DELETE FROM import_job_ids WHERE job_id = $1', [jobId]);
  }

  /** Adds ids (an id the file names twice is recorded twice: harmless to the anti-joins below). */
  async add(jobId: string, productIds: string[]): Promise<void> {
    if (productIds.length === 0) return;
    await this.dataSource.query(`INSERT INTO import_job_ids (job_id, product_id) SELECT $1, unnest($2::text[])`, [jobId, productIds]);
  }

  async replaceEffect(organizationId: string, jobId: string): Promise<ReplaceEffect> {
    const [row]: Array<{ catalog_size: number; absent: number }> = await this.dataSource.query(
      `SELECT (SELECT count(*) FROM products WHERE organization_id = $1)::int AS catalog_size,
              (SELECT count(*) FROM products p
                WHERE p.organization_id = $1
                  AND NOT EXISTS (SELECT 1 FROM import_job_ids i WHERE i.job_id = $2 AND i.product_id = p.product_id))::int AS absent`,
      [organizationId, jobId],
    );
    return { catalogSize: row.catalog_size, absent: row.absent };
  }

  /** Deletes the organization's products the job's file does not name; returns how many. */
  async deleteAbsentProducts(manager: EntityManager, organizationId: string, jobId: string): Promise<number> {
    const [{ n }]: Array<{ n: number }> = await manager.query(
      `WITH gone AS (
         DELETE FROM products p
          WHERE p.organization_id = $1
            AND NOT EXISTS (SELECT 1 FROM import_job_ids i WHERE i.job_id = $2 AND i.product_id = p.product_id)
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [organizationId, jobId],
    );
    return n;
  }
}
