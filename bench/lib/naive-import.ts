import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { DataSource, EntitySchema } from 'typeorm';
import { ProductDto } from '../../src/catalog/product/product.dto';
import { createScratchProductsTable, dropTable, withClient } from '../../tools/harness/bench-db';
import { sha256 } from './canonical';

export interface NaiveImportOptions {
  databaseUrl: string;
  file: string;
  /** Process at most this many elements, then extrapolate. */
  limit?: number;
  /** Stop after this many seconds of the per-product loop, then extrapolate. */
  budgetS: number;
  onProgress?: (done: number, total: number) => void;
}

export interface NaiveImportResult {
  naive_s: number;
  /** True when naive_s is extrapolated from the first `processed` elements. */
  extrapolated: boolean;
  extrapolation_note: string | null;
  processed: number;
  total: number;
  indexed: number;
  failed: number;
  read_parse_s: number;
  loop_s: number;
  per_product_ms: number;
}

interface NaiveRow {
  organizationId: string;
  productId: string;
  contentHash: Buffer;
  rawHash: Buffer | null;
  data: unknown;
  createdAt: Date;
  updatedAt: Date;
  lastImportJobId: string | null;
}

function productSchema(tableName: string): EntitySchema<NaiveRow> {
  return new EntitySchema<NaiveRow>({
    name: 'NaiveProduct',
    tableName,
    columns: {
      organizationId: { name: 'organization_id', type: 'uuid', primary: true },
      productId: { name: 'product_id', type: 'text', primary: true },
      contentHash: { name: 'content_hash', type: 'bytea' },
      rawHash: { name: 'raw_hash', type: 'bytea', nullable: true },
      data: { type: 'jsonb' },
      createdAt: { name: 'created_at', type: 'timestamptz' },
      updatedAt: { name: 'updated_at', type: 'timestamptz' },
      lastImportJobId: { name: 'last_import_job_id', type: 'uuid', nullable: true },
    },
  });
}

/**
 * The way a typical service imports a catalog: read the whole file, JSON.parse it, validate each
 * element with class-transformer + class-validator (ProductDto), and TypeORM `save()` each valid
 * product (SELECT by primary key, then INSERT, in its own transaction) into a scratch table shaped
 * like products. Runs in this process; the scratch table is dropped afterwards.
 */
export async function runNaiveImport(options: NaiveImportOptions): Promise<NaiveImportResult> {
  const table = `bench_naive_products_${process.pid}_${Date.now()}`;
  await withClient(options.databaseUrl, (client) => createScratchProductsTable(client, table));
  const dataSource = new DataSource({
    type: 'postgres',
    url: options.databaseUrl,
    entities: [productSchema(table)],
    synchronize: false,
    logging: false,
  });
  await dataSource.initialize();
  try {
    const repository = dataSource.getRepository<NaiveRow>('NaiveProduct');
    const organizationId = randomUUID();
    const jobId = randomUUID();

    const started = performance.now();
    const elements = JSON.parse(await readFile(options.file, 'utf8')) as unknown[];
    const parsed = performance.now();
    const total = elements.length;
    const limit = Math.min(options.limit ?? total, total);
    let processed = 0;
    let indexed = 0;
    let failed = 0;
    for (; processed < limit; processed++) {
      if ((performance.now() - parsed) / 1000 > options.budgetS) break;
      const element = elements[processed];
      if (element === null || typeof element !== 'object' || Array.isArray(element)) {
        failed++;
        continue;
      }
      const dto = plainToInstance(ProductDto, element);
      const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true });
      if (errors.length > 0) {
        failed++;
        continue;
      }
      const now = new Date();
      await repository.save({
        organizationId,
        productId: String(dto.id),
        contentHash: sha256(JSON.stringify(element)),
        rawHash: null,
        data: { ...(element as object), id: String(dto.id) },
        createdAt: now,
        updatedAt: now,
        lastImportJobId: jobId,
      });
      indexed++;
      if (processed % 1000 === 0) options.onProgress?.(processed, limit);
    }
    const ended = performance.now();
    const readParseS = (parsed - started) / 1000;
    const loopS = (ended - parsed) / 1000;
    const perProduct = processed > 0 ? loopS / processed : 0;
    const extrapolated = processed < total;
    const naiveS = extrapolated ? readParseS + perProduct * total : readParseS + loopS;
    return {
      naive_s: naiveS,
      extrapolated,
      extrapolation_note: extrapolated
        ? `EXTRAPOLATED: processed ${processed} of ${total} elements in ${loopS.toFixed(1)} s ` +
          `(${options.limit !== undefined && processed >= limit ? `--naive-limit ${options.limit}` : `time budget ${options.budgetS} s`}); ` +
          `naive_s = read+parse ${readParseS.toFixed(2)} s + ${(perProduct * 1000).toFixed(2)} ms/element x ${total}`
        : null,
      processed,
      total,
      indexed,
      failed,
      read_parse_s: readParseS,
      loop_s: loopS,
      per_product_ms: perProduct * 1000,
    };
  } finally {
    await dataSource.destroy().catch(() => undefined);
    await dropTable(options.databaseUrl, table);
  }
}
