/**
 * Imports a few file shapes through the real API into a separate `node dist/worker.js` and prints,
 * per shape, the import time (202 → done) and the worker's peak RSS during that import.
 *
 *   npm run build && npx ts-node --transpile-only bench/import-shapes.ts --shapes tags,zeros,catalog --size-mib 50
 *
 * Shapes: `tags` = elements of 256 KiB `{"id":"x<i>","title":"t","tags":[0,0,…]}`; `zeros` = `[0,0,…]`;
 * `catalog` = the realistic generated catalog (tools/harness/generate-catalog.ts). Each file is
 * `--size-mib` MiB (tags: 4 elements per MiB). Uses its own database and Redis db (options), so it
 * can run next to the other benches.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import * as path from 'node:path';
import { once } from 'node:events';
import { Client } from 'pg';
import Redis from 'ioredis';
import { parseCommandLine } from './lib/args';
import { Cleanup, runMain } from './lib/cleanup';
import { generateCatalog } from '../tools/harness/generate-catalog';
import { ImportClient } from '../tools/harness/http/import-client';
import { freePort } from '../tools/harness/ports';
import { waitForHttpOk } from '../tools/harness/readiness';
import { REPO_ROOT } from '../tools/harness/repo';
import { serviceEnv } from '../tools/harness/service-env';
import { startNodeService } from '../tools/harness/service-process';
import { printTable, round } from './lib/report';
import { resetPeak, RssSampler } from '../tools/harness/rss';
import { createTenant } from './lib/tenants';

const USAGE = `usage: import-shapes.ts [--shapes tags,zeros,catalog] [--size-mib 10] [--database pds_shapes] [--redis-db 5] [--env K=V,K=V]`;

const ELEMENT_BYTES = 256 * 1024;

async function writeFileFrom(file: string, parts: Iterable<string>): Promise<void> {
  const out = createWriteStream(file);
  for (const part of parts) if (!out.write(part)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

/** `count` elements of exactly 256 KiB each, whose tags array has ≈131,000 invalid items. */
function* tagsShape(count: number): Generator<string> {
  yield '[';
  for (let i = 0; i < count; i++) {
    const head = `{"id":"x${i}","title":"t","tags":[0`;
    const items = Math.floor((ELEMENT_BYTES - head.length - 2) / 2);
    const padding = ELEMENT_BYTES - head.length - 2 - items * 2;
    yield `${i > 0 ? ',' : ''}${head}${',0'.repeat(items)}${' '.repeat(padding)}]}`;
  }
  yield ']';
}

/** `[0,0,…]` of `bytes` bytes. */
function* zerosShape(bytes: number): Generator<string> {
  const count = Math.floor((bytes - 1) / 2);
  yield '[0';
  const block = ',0'.repeat(65_536);
  let left = count - 1;
  while (left > 0) {
    const n = Math.min(left, 65_536);
    yield n === 65_536 ? block : ',0'.repeat(n);
    left -= n;
  }
  yield ']';
}

async function ensureDatabase(name: string): Promise<string> {
  const admin = new Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }
  return `postgres://postgres@127.0.0.1:5432/${name}`;
}

async function main(cleanup: Cleanup): Promise<void> {
  const args = parseCommandLine(
    {
      shapes: { type: 'string' },
      'size-mib': { type: 'string' },
      database: { type: 'string' },
      'redis-db': { type: 'string' },
      env: { type: 'string' },
    },
    USAGE,
  );
  const shapes = (args.string('shapes') ?? 'tags,zeros,catalog').split(',');
  const sizeMib = args.number('size-mib', 10, { min: 1 })!;
  const sizeBytes = Math.min(sizeMib * 1024 * 1024, 52_428_800);
  const redisUrl = `redis://127.0.0.1:6379/${args.number('redis-db', 5, { integer: true })}`;
  const prefix = 'shapes';
  const extraEnv = Object.fromEntries(
    (args.string('env') ?? '')
      .split(',')
      .filter(Boolean)
      .map((kv) => kv.split('=') as [string, string]),
  );
  const dataDir = path.join(REPO_ROOT, 'bench-data', 'shapes');
  await mkdir(dataDir, { recursive: true });
  const databaseUrl = await ensureDatabase(args.string('database') ?? 'pds_shapes');

  const files: Record<string, string> = {};
  for (const shape of shapes) {
    const file = path.join(dataDir, `${shape}-${sizeMib}mib.json`);
    if (shape === 'tags') await writeFileFrom(file, tagsShape(Math.floor(sizeBytes / ELEMENT_BYTES) - 1));
    else if (shape === 'zeros') await writeFileFrom(file, zerosShape(sizeBytes));
    else if (shape === 'catalog') files[shape] = (await generateCatalog({ sizeBytes, seed: 42, outDir: dataDir })).file;
    else throw new Error(`unknown shape ${shape}`);
    files[shape] ??= file;
  }

  const common = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: prefix,
    RATE_LIMIT_PER_MINUTE: '1000000',
    READS_IN_FLIGHT_PER_ACCOUNT: '1000',
    READS_IN_FLIGHT_PER_ORGANIZATION: '1000',
    READS_IN_FLIGHT_PER_PROCESS: '1000',
    // One file of 1.59 million minimal products is a shape these measure, not a quota breach.
    PRODUCTS_PER_ORGANIZATION: '10000000',
    METRICS_PORT: '0',
    ...extraEnv,
  };
  const logDir = path.join(dataDir, 'logs');
  const port = await freePort();
  const api = await startNodeService(
    'api',
    path.join(REPO_ROOT, 'dist/main.js'),
    serviceEnv({ ...common, PORT: String(port), WORKER_ENABLED: 'false' }),
    logDir,
    port,
  );
  cleanup.add('stop api', () => api.stop());
  const worker = await startNodeService('worker', path.join(REPO_ROOT, 'dist/worker.js'), serviceEnv(common), logDir);
  cleanup.add('stop worker', () => worker.stop());
  cleanup.add('queue keys', async () => {
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttpOk(api, port, '/health/ready', 90_000);
  await worker.waitForLine(/Import worker started/, 90_000);
  const tenant = await createTenant(`shapes-${Date.now()}`, serviceEnv(common));
  const client = new ImportClient(baseUrl, tenant);
  const dead = () => (!api.running ? api.exitError().message : !worker.running ? worker.exitError().message : null);

  const rows: [string, string | number | null | undefined, string?][] = [];
  for (const shape of shapes) {
    resetPeak(worker.pid);
    const sampler = new RssSampler([worker.pid]).start();
    const upload = await client.upload(files[shape]);
    const wait = await client.waitForTerminal(upload.jobId, upload.acceptedAt, { intervalMs: 100, timeoutMs: 1_800_000, isAlive: dead });
    const peak = sampler.stop().get(worker.pid);
    const j = wait.job;
    rows.push([
      shape,
      round(wait.seconds, 2),
      `s; worker peak RSS ${peak} MiB; ${j.status} total ${j.total} indexed ${j.indexed_count} failed ${j.failed_count} skipped ${j.skipped_count}`,
    ]);
  }
  printTable(`import shapes, ${sizeMib} MiB each`, rows);
}

const cleanup = new Cleanup();
void runMain(cleanup, () => main(cleanup));
