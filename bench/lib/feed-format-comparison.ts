import { mkdir, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { FeedFormat } from '../../src/common/feeds/feed-format';
import { FEED_FILE_NAMES, feedOf, type FeedProduct } from '../../tools/harness/feed-files';
import { ImportClient } from '../../tools/harness/http/import-client';
import type { Cleanup } from './cleanup';
import { realisticProducts } from '../../tools/harness/generate-catalog';
import { type PhaseResult, runImportPhase } from './import-phase';
import { fmt, printTable, round, type Row } from './report';
import { startStack } from './service-stack';
import { waitForSettledCatalog } from '../../tools/harness/settled';
import { createTenants } from './tenants';
import { median } from './median';

const MAX_FILE_BYTES = 52_428_800;
const GMC_ATTRIBUTES = ['color', 'size', 'material'];

/** A realistic product reduced to what every format carries (GMC has no tags, quantity or free attributes). */
function common(product: Record<string, unknown>): FeedProduct {
  const text = (v: unknown) => String(v).replace(/[\t\r\n]+/g, ' ');
  const { tags: _tags, inventory_quantity: _quantity, attributes, ...rest } = product;
  const out = JSON.parse(JSON.stringify(rest), (_key, value: unknown) => (typeof value === 'string' ? text(value) : value)) as FeedProduct;
  out.id = String(product.id);
  const kept = Object.entries((attributes ?? {}) as Record<string, unknown>).filter(
    ([key, value]) => GMC_ATTRIBUTES.includes(key) && typeof value === 'string',
  );
  if (kept.length > 0) out.attributes = Object.fromEntries(kept) as Record<string, string>;
  return out;
}

/**
 * The same realistic products in every format, as many as fit 50 MiB in the most verbose of them,
 * so each format's file is at most the upload limit and the JSON array of the same products is the baseline.
 */
async function writeFeeds(
  dir: string,
  formats: FeedFormat[],
  seed: number,
  log: (m: string) => void,
): Promise<Map<FeedFormat, { file: string; bytes: number }>> {
  const all: FeedFormat[] = ['json', ...formats.filter((f) => f !== 'json')];
  const source = realisticProducts(seed);
  const products: FeedProduct[] = [];
  let count = 60_000;
  for (;;) {
    while (products.length < count) products.push(common(source.next().value as Record<string, unknown>));
    const sizes = all.map((f) => Buffer.byteLength(feedOf(f, products.slice(0, count)), 'utf8'));
    const largest = Math.max(...sizes);
    if (largest <= MAX_FILE_BYTES && largest > MAX_FILE_BYTES * 0.995) break;
    count = Math.floor((count * MAX_FILE_BYTES * 0.998) / largest);
  }
  await mkdir(dir, { recursive: true });
  const files = new Map<FeedFormat, { file: string; bytes: number }>();
  for (const format of all) {
    const text = feedOf(format, products.slice(0, count));
    const file = path.join(dir, `formats-${seed}-${FEED_FILE_NAMES[format]}`);
    await writeFile(file, text);
    files.set(format, { file, bytes: Buffer.byteLength(text, 'utf8') });
  }
  log(`${count} products in each format: ${[...files].map(([f, { bytes }]) => `${f} ${(bytes / 1_048_576).toFixed(1)} MiB`).join(', ')}`);
  return files;
}

/**
 * `npm run bench -- --format csv,jsonl,…`: each format's import of the same products beside the JSON
 * array's, in one run on one stack, each into a fresh organization and on a settled stack (the
 * previous import indexed and analyzed). A JSON import first warms the worker up (not counted); then
 * `rounds` rounds of the JSON array and each format in turn, and one JSON import more. A format's
 * figure is the median of its imports over the median of the JSON array's (the machine is shared:
 * the ratio is the figure, with the load).
 */
export async function runFormatComparison(options: {
  formats: FeedFormat[];
  rounds: number;
  seed: number;
  cleanup: Cleanup;
  dataDir: string;
  logDir: string;
  timeoutMs: number;
  keepDb: boolean;
  workerNodeArgs: string[];
  log: (message: string) => void;
}): Promise<{ rows: Record<string, unknown>[]; problems: string[] }> {
  const { log } = options;
  const files = await writeFeeds(options.dataDir, options.formats, options.seed, log);
  const stack = await startStack({
    cleanup: options.cleanup,
    logDir: options.logDir,
    withWorker: true,
    keepDb: options.keepDb,
    workerNodeArgs: options.workerNodeArgs,
    log,
    databaseUrl: process.env.BENCH_DATABASE_URL,
    queuePrefix: process.env.BENCH_QUEUE_PREFIX,
  });
  const round1: FeedFormat[] = ['json', ...options.formats.filter((f) => f !== 'json')];
  const order: FeedFormat[] = ['json', ...Array.from({ length: options.rounds }, () => round1).flat(), 'json'];
  const tenants = await createTenants(
    order.map((f, i) => `bench-formats-${Date.now()}-${i}-${f}`),
    stack.cliEnv,
    2,
    (t) => stack.createdOrganizations.push(t.organizationId),
  );
  const phases: Array<{ format: FeedFormat; phase: PhaseResult; load: number; warmUp: boolean }> = [];
  for (const [i, format] of order.entries()) {
    const { file } = files.get(format)!;
    const client = new ImportClient(stack.baseUrl, tenants[i]);
    // Each import starts on an idle stack: the indexing and statistics the previous import left would
    // otherwise compete with this one (the last JSON import was 1.8x the first without this wait).
    if (i > 0)
      log(
        `settled ${fmt(await waitForSettledCatalog(stack.databaseUrl, tenants[i - 1].organizationId, 600_000))} s after the previous import`,
      );
    log(`${format}${i === 0 ? ' (warm-up)' : ''}: importing ${path.basename(file)}`);
    const phase = await runImportPhase(
      format,
      client,
      file,
      { total: 0, indexed: 0, failed: 0, skipped: 0 },
      { timeoutMs: options.timeoutMs, deadService: stack.deadService },
    );
    phases.push({ format, phase, load: round(os.loadavg()[0], 2), warmUp: i === 0 });
    log(
      `${format}: ${phase.status} in ${fmt(phase.import_s)} s (total ${phase.total}, indexed ${phase.indexed_count}, failed ${phase.failed_count})`,
    );
  }
  await stack.api.stop();
  await stack.worker!.stop();
  const counted = phases.filter((p) => !p.warmUp);
  const baseline = median(counted.filter((p) => p.format === 'json').map((p) => p.phase.import_s));
  const expected = phases[0].phase.indexed_count;
  const problems = phases.flatMap(({ format, phase }) =>
    phase.status !== 'done' || phase.indexed_count !== expected || phase.failed_count !== 0
      ? [`${format}: ${phase.status}, indexed ${phase.indexed_count} (expected ${expected}), failed ${phase.failed_count}`]
      : [],
  );
  const rows = round1.map((format) => {
    const runs = counted.filter((p) => p.format === format);
    const importS = median(runs.map((p) => p.phase.import_s));
    return {
      format,
      bytes: files.get(format)!.bytes,
      products: runs[0].phase.total,
      import_s: round(importS),
      runs_s: runs.map((p) => p.phase.import_s),
      ratio_to_json: round(importS / baseline, 2),
      // The upload counts JSON arrays, CSV, TSV and XML as it stores them (work before the 202): shown beside.
      upload_s: round(median(runs.map((p) => p.phase.upload_s))),
      load_1m: runs.map((p) => p.load),
    };
  });
  const table: Row[] = rows.map((r) => [
    `${r.format} (${(r.bytes / 1_048_576).toFixed(1)} MiB)`,
    `${fmt(r.import_s)} s`,
    `${r.ratio_to_json}× the JSON array's median ${fmt(baseline)} s; runs ${r.runs_s.map((v) => fmt(v)).join(', ')}; upload ${fmt(r.upload_s)} s; load ${r.load_1m.join(', ')}`,
  ]);
  printTable(`Feed formats: ${rows[0].products} products, 202 → done, median of ${options.rounds} round(s)`, table);
  return { rows, problems };
}
