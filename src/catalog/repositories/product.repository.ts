import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { chunkBySize } from '../../database/bounded-statements';
import { Product } from '../entities/product.entity';

export interface ProductWrite {
  productId: string;
  contentHash: Buffer;
  rawHash: Buffer;
  /** The validated product as JSON text (already serialised once; not re-serialised here). */
  json: string;
}

export interface StoredHashes {
  contentHash: Buffer;
  rawHash: Buffer | null;
}

/** Every query here is filtered by organization. */
@Injectable()
export class ProductRepository {
  constructor(@InjectRepository(Product) private readonly repo: Repository<Product>) {}

  /**
   * Stored hashes of the given ids, in one query. A join with the id list, not `product_id = ANY(…)`:
   * while an import grows a catalog the table's statistics lag behind, and with `ANY` the planner
   * then scanned every row of the organization for each batch (133 ms per 1,000 ids at 600,000
   * rows, growing with the catalog); the join probes the primary key once per id (4 ms).
   */
  async findHashes(manager: EntityManager, organizationId: string, productIds: string[]): Promise<Map<string, StoredHashes>> {
    if (productIds.length === 0) return new Map(); // a batch of tiny elements: no round trip
    const rows: Array<{ product_id: string; content_hash: Buffer; raw_hash: Buffer | null }> = await manager.query(
      `SELECT p.product_id, p.content_hash, p.raw_hash
         FROM unnest($2::text[]) AS wanted(product_id)
         JOIN products p ON p.organization_id = $1 AND p.product_id = wanted.product_id`,
      [organizationId, productIds],
    );
    return new Map(rows.map((r) => [r.product_id, { contentHash: r.content_hash, rawHash: r.raw_hash }]));
  }

  /**
   * Multi-row upserts for a batch (ids must be unique within the call), in statements of about
   * 1 MiB of product JSON at most, all in the caller's transaction. Raw SQL with unnest: a fixed
   * 6-parameter statement whatever the row count, instead of TypeORM's per-value parameters.
   */
  async upsertMany(manager: EntityManager, organizationId: string, jobId: string, rows: ProductWrite[]): Promise<void> {
    for (const chunk of chunkBySize(rows, (r) => Buffer.byteLength(r.json, 'utf8'))) {
      await this.upsertChunk(manager, organizationId, jobId, chunk);
    }
  }

  private async upsertChunk(manager: EntityManager, organizationId: string, jobId: string, rows: ProductWrite[]): Promise<void> {
    await manager.query(
      `INSERT INTO products (organization_id, product_id, content_hash, raw_hash, data, last_import_job_id, created_at, updated_at)
       SELECT $1, r.product_id, r.content_hash, r.raw_hash, r.data::jsonb, $2, now(), now()
         FROM unnest($3::text[], $4::bytea[], $5::bytea[], $6::text[]) AS r(product_id, content_hash, raw_hash, data)
       ON CONFLICT (organization_id, product_id) DO UPDATE
         SET content_hash = EXCLUDED.content_hash, raw_hash = EXCLUDED.raw_hash, data = EXCLUDED.data, search = NULL,
             last_import_job_id = EXCLUDED.last_import_job_id, updated_at = now()`,
      [
        organizationId,
        jobId,
        rows.map((r) => r.productId),
        rows.map((r) => r.contentHash),
        rows.map((r) => r.rawHash),
        rows.map((r) => r.json),
      ],
    );
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

  /** Products ordered by id, after an id (keyset). */
  list(organizationId: string, limit: number, afterId?: string): Promise<Product[]> {
    const query = this.repo
      .createQueryBuilder('p')
      .where('p.organization_id = :organizationId', { organizationId })
      .orderBy('p.product_id', 'ASC')
      .limit(limit);
    if (afterId !== undefined) query.andWhere('p.product_id > :afterId', { afterId });
    return query.getMany();
  }

  /** Full-text search ranked by ts_rank, then id; keyset on (rank, id). */
  async search(
    organizationId: string,
    q: string,
    limit: number,
    after?: { rank: number; id: string },
  ): Promise<Array<{ product: Product; rank: number }>> {
    const query = this.repo
      .createQueryBuilder('p')
      .addSelect(`ts_rank(p.search, websearch_to_tsquery('english', :q))::float8`, 'rank')
      .where('p.organization_id = :organizationId', { organizationId })
      .andWhere(`p.search @@ websearch_to_tsquery('english', :q)`, { q })
      .orderBy('rank', 'DESC')
      .addOrderBy('p.product_id', 'ASC')
      .limit(limit);
    if (after) {
      query.andWhere(
        `(ts_rank(p.search, websearch_to_tsquery('english', :q))::float8 < :rank
          OR (ts_rank(p.search, websearch_to_tsquery('english', :q))::float8 = :rank AND p.product_id > :afterId))`,
        { rank: after.rank, afterId: after.id },
      );
    }
    const { entities, raw } = await query.getRawAndEntities<{ rank: number }>();
    return entities.map((product, i) => ({ product, rank: Number(raw[i].rank) }));
  }
}
