/**
 * Replace mode at scale: the scan pass that records a feed's ids in import_job_ids, the
 * mass-delete guard's query and the final transaction's delete, for a catalog of `--products`
 * (default 1.5 million) and a feed naming all but `--absent` of them plus as many new ids. Uses the
 * service's own code (countElementsRecordingIds, ImportJobIdsRepository) on a database of its own,
 * created, migrated and dropped by the run. The feed is generated chunk by chunk, never held whole,
 * so the printed peak RSS is what the scan costs a worker. Run it like the worker runs:
 *
 *   node --max-semi-space-size=4 --max-old-space-size=192 -r ts-node/register/transpile-only bench/replace-ids.ts
 */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../src/database/data-source-options';
import { runMigrationsLocked } from '../src/database/run-migrations';
import { ImportJobIdsRepository } from '../src/imports/jobs/repositories/import-job-ids.repository';
import { countElementsRecordingIds } from '../src/imports/pipeline/file-scan';
import { parseCommandLine } from './lib/args';
import { dropBenchDatabase, ensureBenchDatabase } from '../tools/harness/bench-db';

const USAGE = 'usage: bench/replace-ids.ts [--products 1500000] [--absent 100000] [--database pds_replace_ids]';
const cli = parseCommandLine({ products: { type: 'string' }, absent: { type: 'string' }, database: { type: 'string' } }, USAGE);
const PRODUCTS = cli.number('products', 1_500_000, { min: 1, integer: true }) as number;
const ABSENT = cli.number('absent', 100_000, { min: 0, integer: true }) as number;
const URL = `postgres://postgres@127.0.0.1:5432/${cli.string('database') ?? 'pds_replace_ids'}`;
const MIB = 1024 * 1024;

/** `[{"id":"p-0","title":"x"},…]`: the catalog's ids but the last ABSENT ones, then ABSENT new ids. */
async function* feed(): AsyncGenerator<Buffer> {
  let parts = ['['];
  let size = 1;
  for (let i = 0; i < PRODUCTS; i++) {
    const text = `${i === 0 ? '' : ','}{"id":"${i < PRODUCTS - ABSENT ? 'p' : 'n'}-${i}","title":"x"}`;
    parts.push(text);
    size += text.length;
    if (size >= MIB) {
      yield Buffer.from(parts.join(''));
      parts = [];
      size = 0;
    }
  }
  parts.push(']');
  yield Buffer.from(parts.join(''));
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  process.stdout.write(`${label}: ${(Date.now() - started).toLocaleString('en-US')} ms\n`);
  return result;
}

async function main(): Promise<void> {
  if (!(await ensureBenchDatabase(URL))) throw new Error(`${URL} exists already; pass another --database`);
  const dataSource = new DataSource(buildDataSourceOptions(URL));
  try {
    await dataSource.initialize();
    await runMigrationsLocked(dataSource);
    const ids = new ImportJobIdsRepository(dataSource);
    const organizationId = randomUUID();
    const jobId = randomUUID();
    await dataSource.query(`INSERT INTO organizations (id, name) VALUES ($1, 'replace-ids bench')`, [organizationId]);
    await timed(`catalog of ${PRODUCTS.toLocaleString('en-US')} products inserted`, () =>
      dataSource.query(
        `INSERT INTO products (organization_id, product_id, content_hash, data, created_at, updated_at)
         SELECT $1, 'p-' || g, '\\x00'::bytea, jsonb_build_object('id', 'p-' || g, 'title', 'x'), now(), now()
           FROM generate_series(0, $2 - 1) g`,
        [organizationId, PRODUCTS],
      ),
    );
    await dataSource.query('ANALYZE products');
    await dataSource.query(
      `INSERT INTO import_jobs (id, organization_id, account_id, status, file_name, file_size, mode)
       VALUES ($1, $2, 'bench', 'processing', 'feed.json', 0, 'replace')`,
      [jobId, organizationId],
    );
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const total = await timed('scan pass recording ids', () => countElementsRecordingIds(feed(), (batch) => ids.add(jobId, batch)));
    clearInterval(sampler);
    process.stdout.write(
      `  ${total.toLocaleString('en-US')} elements; RSS ${Math.round(before / MIB)} MiB before, peak ${Math.round(peak / MIB)} MiB\n`,
    );
    const effect = await timed('guard query', () => ids.replaceEffect(organizationId, jobId));
    process.stdout.write(`  ${JSON.stringify(effect)}\n`);
    const deleted = await timed('final transaction (delete absent products, clear ids)', () =>
      dataSource.transaction(async (manager) => {
        const n = await ids.deleteAbsentProducts(manager, organizationId, jobId);
        await manager.query('DELETE FROM import_job_ids WHERE job_id = $1', [jobId]);
        return n;
      }),
    );
    process.stdout.write(`  deleted ${deleted.toLocaleString('en-US')} products\n`);
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await dropBenchDatabase(URL);
  }
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
