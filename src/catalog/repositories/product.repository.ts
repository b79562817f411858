import { POSTGRES_ERROR, postgresErrorCode } from '../../common/errors/postgres-errors';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { EntityManager, Repository } from 'typeorm';
import { chunkBySize } from '../../database/bounded-statements';
import { ORGANIZATION_LOCK_NAMESPACE } from '../../database/organization-lock-key';
import { Product } from '../entities/product.entity';
import type { ProductWrite, StoredHashes } from '../product-write';
import { PRODUCT_COPY_COLUMNS, productCopyPieces } from './product-copy';

/** Bumps the organization's catalog version (catalog_stats): the worker recomputes its counts. */
const CATALOG_CHANGED = `
  INSERT INTO catalog_stats (organization_id) VALUES ($1)
  ON CONFLICT (organization_id) DO UPDATE SET version = catalog_stats.version + 1`;

/** Every query here is filtered by organization. */
@Injectable()
export class ProductRepository {
  constructor(@InjectRepository(Product) private readonly repo: Repository<Product>) {}

  /**
   * Stored hashes of the given ids, in one query: one primary-key probe per id, whatever the
   * statistics say. A plain join of the id list with products let the planner hash-join against a
   * scan of the whole organization whenever its row estimate was low, which it is throughout a
   * first import (the table grows by 60,000 rows between autovacuum's analyses): every batch then
   * read every product written before it (60 batches on a fresh table: 3.06 s of lookups, 0.76 s
   * this way; the likely cause of the slow first imports). The LIMIT keeps the lateral subquery from
   * being flattened into such a join.
   */
  async findHashes(manager: EntityManager, organizationId: string, productIds: string[]): Promise<Map<string, StoredHashes>> {
    if (productIds.length === 0) return new Map(); // a batch of tiny elements: no round trip
    // Hex text, as the import computes hashes: no Buffer per hash on either side.
    const rows: Array<{ product_id: string; content_hash: string; raw_hash: string | null }> = await manager.query(
      `SELECT p.product_id, encode(p.content_hash, 'hex') AS content_hash, encode(p.raw_hash, 'hex') AS raw_hash
         FROM unnest($2::text[]) AS wanted(product_id)
        CROSS JOIN LATERAL (SELECT product_id, content_hash, raw_hash FROM products
                             WHERE organization_id = $1 AND product_id = wanted.product_id LIMIT 1) AS p`,
      [organizationId, productIds],
    );
    return new Map(rows.map((r) => [r.product_id, { contentHash: r.content_hash, rawHash: r.raw_hash }]));
  }

  /**
   * Writes a batch's products in the caller's transaction (ids unique within the call): new ones
   * with COPY, changed ones with UPDATE … FROM unnest, none with ON CONFLICT. Correct because the
   * caller holds the organization's import lock (no other writer) and `exists` was decided against
   * the committed catalog plus the batch committed just before. Search vectors are not written
   * here: ImportBatchService lists the ids for the search indexer. (JIT was suspected of slowing these statements; their plan costs are
   * far below jit_above_cost, so it never runs.)
   */
  async write(manager: EntityManager, organizationId: string, jobId: string, rows: ProductWrite[]): Promise<void> {
    const inserts = rows.filter((r) => !r.exists);
    if (inserts.length > 0) await this.copyInsert(manager, organizationId, jobId, inserts);
    for (const chunk of chunkBySize(
      rows.filter((r) => r.exists),
      (r) => r.json.length,
    )) {
      await this.updateChunk(manager, organizationId, jobId, chunk);
    }
  }

  /**
   * COPY … FROM STDIN in binary format on the transaction's own connection (pg-copy-streams),
   * streamed in pieces of about 512 KiB: rows are built straight into Buffers, with no escaping.
   */
  private async copyInsert(manager: EntityManager, organizationId: string, jobId: string, rows: ProductWrite[]): Promise<void> {
    if (!manager.queryRunner) throw new Error('ProductRepository.write must run inside a transaction');
    const client = (await manager.queryRunner.connect()) as PoolClient;
    await pipeline(
      Readable.from(productCopyPieces(organizationId, jobId, rows)),
      client.query(copyFrom(`COPY products (${PRODUCT_COPY_COLUMNS}) FROM STDIN (FORMAT binary)`)),
    );
  }

  /** Raw SQL with unnest: a fixed 6-parameter statement whatever the row count. */
  private async updateChunk(manager: EntityManager, organizationId: string, jobId: string, rows: ProductWrite[]): Promise<void> {
    await manager.query(
      `UPDATE products p
          SET content_hash = decode(r.content_hash, 'hex'), raw_hash = decode(r.raw_hash, 'hex'), data = r.data::jsonb,
              last_import_job_id = $2, updated_at = now()
         FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) AS r(product_id, content_hash, raw_hash, data)
        WHERE p.organization_id = $1 AND p.product_id = r.product_id`,
      [
        organizationId,
        jobId,
        rows.map((r) => r.productId),
        rows.map((r) => r.contentHash),
        rows.map((r) => r.rawHash),
        rows.map((r) => r.json.toString('utf8')),
      ],
    );
  }

  /**
   * Records an import's language on the named products whose document names none (precedence:
   * the document's, then this, then the organization's default); answers the ids whose language
   * changed, which the caller lists for the search indexer. One statement, in the batch's transaction.
   */
  async recordImportLanguage(manager: EntityManager, organizationId: string, productIds: string[], language: string): Promise<string[]> {
    if (productIds.length === 0) return [];
    const rows: Array<{ product_id: string }> = await manager.query(
      `WITH changed AS (
         UPDATE products p SET language = $3
           FROM unnest($2::text[]) AS r(product_id)
          WHERE p.organization_id = $1 AND p.product_id = r.product_id
            AND p.language IS DISTINCT FROM $3 AND NOT p.data ? 'language'
          RETURNING p.product_id)
       SELECT product_id FROM changed`,
      [organizationId, productIds, language],
    );
    return rows.map((r) => r.product_id);
  }

  /**
   * Deletes one product in order with the organization's imports: under the organization's lock
   * (which a running import holds from start to end), waited for at most `waitMs` through
   * PostgreSQL's lock_timeout. 'busy' when an import still held it then.
   */
  async deleteInImportOrder(organizationId: string, productId: string, waitMs: number): Promise<'deleted' | 'absent' | 'busy'> {
    try {
      return await this.repo.manager.transaction(async (manager) => {
        await manager.query(`SELECT set_config('lock_timeout', $1, true)`, [`${waitMs}ms`]);
        await manager.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ORGANIZATION_LOCK_NAMESPACE, organizationId]);
        const [{ n }]: Array<{ n: number }> = await manager.query(
          `WITH gone AS (DELETE FROM products WHERE organization_id = $1 AND product_id = $2 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
          [organizationId, productId],
        );
        if (n === 0) return 'absent';
        await manager.query(CATALOG_CHANGED, [organizationId]);
        return 'deleted';
      });
    } catch (error) {
      if (isLockTimeout(error)) return 'busy';
      throw error;
    }
  }

  findOne(organizationId: string, productId: string): Promise<Product | null> {
    return this.repo.findOneBy({ organizationId, productId });
  }

  countForOrganization(organizationId: string): Promise<number> {
    return this.repo.countBy({ organizationId });
  }

  /** Last time any product of the organization was written. */
  async lastUpdatedAt(organizationId: string): Promise<Date | null> {
    const row = await this.repo
      .createQueryBuilder('p')
      .select('max(p.updated_at)', 'max')
      .where('p.organization_id = :organizationId', { organizationId })
      .getRawOne<{ max: Date | null }>();
    return row?.max ?? null;
  }
}

/** 55P03 lock_not_available: lock_timeout ran out. */
function isLockTimeout(error: unknown): boolean {
  return postgresErrorCode(error) === POSTGRES_ERROR.lockNotAvailable;
}
