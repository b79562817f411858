/**
 * Catalog import benchmark. See bench/README.md and docs/performance.md.
 *
 *   npm run bench -- [--size-mib 50] [--seed 42] [--json bench-import.json] [--naive] ...
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { parseCommandLine } from './lib/args';
import { postgresVersion } from '../tools/harness/bench-db';
import { Cleanup, runMain } from './lib/cleanup';
import { measureCopyFloor } from './lib/copy-floor';
import { CpuMeter } from './lib/cpu';
import { generateCatalog } from '../tools/harness/generate-catalog';
import { ImportClient } from '../tools/harness/http/import-client';
import { type PhaseResult, runImportPhase } from './lib/import-phase';
import { type ConcurrentResult, runConcurrentUploads } from './lib/concurrent-uploads';
import { summariseErrors } from './lib/error-sample';
import { runNaiveImport, type NaiveImportResult } from './lib/naive-import';
import { requireBuild } from './lib/require-build';
import { REPO_ROOT } from '../tools/harness/repo';
import { measureSearchable } from './lib/search-lag';
import { fmt, logger, machineInfo, printTable, round, type Row, writeJson } from './lib/report';
import { kibToMib, readMemoryStatus, RssSampler } from '../tools/harness/rss';
import { startStack } from './lib/service-stack';
import { createTenants } from './lib/tenants';
import { runFormatComparison } from './lib/feed-format-comparison';
import { runLanguageComparison } from './lib/language-comparison';
import { FEED_FORMATS, type FeedFormat } from '../src/common/feeds/feed-format';

const MIB = 1_048_576;
const SPEC_MAX_BYTES = 52_428_800;

const USAGE = `Usage: npm run bench -- [options]
  --size-mib N            catalog size in MiB (default 50 = 52,428,800 bytes, the upload limit)
  --size-bytes N          exact catalog size in bytes (overrides --size-mib)
  --seed N                PRNG seed (default 42)
  --json PATH             also write the results as JSON
  --naive                 also run the naive in-process import (JSON.parse + class-validator + TypeORM save per product)
  --naive-limit N         naive: only the first N elements, then extrapolate
  --naive-budget-s S      naive: stop after S seconds and extrapolate (default 300)
  --skip-2x               skip the two-concurrent-uploads memory phase
  --skip-4x               skip the four-concurrent-uploads memory phase
  --worker-concurrency N  WORKER_CONCURRENCY for the worker process (default: the service's default)
  --worker-node-args=ARGS extra Node flags for the worker, space-separated, given with "=" (e.g. --worker-node-args="--cpu-prof --cpu-prof-dir=/tmp/prof")
  --timeout-s S           per-import timeout (default 900)
  --upload-timeout-s S    an upload without an answer after S seconds is reported as hung (default 120)
  --keep-db               keep the bench database / organizations / queue keys afterwards
  --format F[,F…]         only compare feed formats (jsonl, csv, gmc_tsv, gmc_xml): the same products in each, against
                          the JSON array of them in the same run (BENCH_DATABASE_URL / BENCH_QUEUE_PREFIX move it to a database of one's own)
  --rounds N              --format / --languages: rounds of the baseline and each in turn (default 3; medians are compared)
  --languages L[,L…]      only compare catalog languages (de, fr, …): the same products read as English and as each,
                          202 → searchable (the organization's default set with the admin CLI)
  --products N            --languages: products per import (default 60000)`;

const cleanup = new Cleanup();
const log = logger('bench');

void runMain(cleanup, async () => {
  const args = parseCommandLine(
    {
      'size-mib': { type: 'string' },
      'size-bytes': { type: 'string' },
      'upload-timeout-s': { type: 'string' },
      seed: { type: 'string' },
      json: { type: 'string' },
      naive: { type: 'boolean' },
      'naive-limit': { type: 'string' },
      'naive-budget-s': { type: 'string' },
      'skip-2x': { type: 'boolean' },
      'skip-4x': { type: 'boolean' },
      'worker-concurrency': { type: 'string' },
      'worker-node-args': { type: 'string' },
      'timeout-s': { type: 'string' },
      'keep-db': { type: 'boolean' },
      format: { type: 'string' },
      rounds: { type: 'string' },
      languages: { type: 'string' },
      products: { type: 'string' },
    },
    USAGE,
  );
  const sizeMib = args.number('size-mib', 50, { min: 0.02 })!;
  const sizeBytes = args.number('size-bytes', Math.floor(sizeMib * MIB), { min: 16_384, integer: true })!;
  const uploadTimeoutMs = args.number('upload-timeout-s', 120, { min: 1 })! * 1000;
  const seed = args.number('seed', 42, { integer: true })!;
  const jsonPath = args.string('json');
  const naive = args.flag('naive');
  const naiveLimit = args.number('naive-limit', undefined, { min: 1, integer: true });
  const naiveBudgetS = args.number('naive-budget-s', 300, { min: 1 })!;
  const skip2x = args.flag('skip-2x');
  const skip4x = args.flag('skip-4x');
  const workerConcurrency = args.number('worker-concurrency', undefined, { min: 1, integer: true });
  const timeoutMs = args.number('timeout-s', 900, { min: 1 })! * 1000;
  const keepDb = args.flag('keep-db');
  const workerNodeArgs = (args.string('worker-node-args') ?? '').split(/\s+/).filter(Boolean);
  if (sizeBytes > SPEC_MAX_BYTES) log(`note: ${sizeBytes} bytes is above the 50 MiB upload limit; expect 413`);

  requireBuild();
  const languages = args.string('languages');
  if (languages !== undefined) {
    const loadBefore = os.loadavg().map((l) => round(l, 2));
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const dataDir = path.join(REPO_ROOT, 'bench-data');
    const comparison = await runLanguageComparison({
      languages: languages.split(',').map((l) => l.trim()),
      rounds: args.number('rounds', 3, { min: 1, integer: true })!,
      products: args.number('products', 60_000, { min: 1, integer: true })!,
      seed,
      cleanup,
      dataDir,
      logDir: path.join(dataDir, 'logs', `languages-${stamp}`),
      timeoutMs,
      keepDb,
      log,
    });
    await reportComparison(comparison, loadBefore, jsonPath);
    return;
  }
  const formats = args.string('format');
  if (formats !== undefined) {
    const chosen = formats.split(',').map((f) => f.trim()) as FeedFormat[];
    const unknown = chosen.filter((f) => !FEED_FORMATS.includes(f));
    if (unknown.length > 0) throw new Error(`--format: unknown ${unknown.join(', ')}; one of ${FEED_FORMATS.join(', ')}`);
    const loadBefore = os.loadavg().map((l) => round(l, 2));
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const dataDir = path.join(REPO_ROOT, 'bench-data');
    const comparison = await runFormatComparison({
      formats: chosen,
      rounds: args.number('rounds', 3, { min: 1, integer: true })!,
      seed,
      cleanup,
      dataDir,
      logDir: path.join(dataDir, 'logs', `formats-${stamp}`),
      timeoutMs,
      keepDb,
      workerNodeArgs,
      log,
    });
    await reportComparison(comparison, loadBefore, jsonPath);
    return;
  }
  const loadAtStart = os.loadavg().map((l) => round(l, 2));
  const runId = new Date().toISOString().replace(/[:.]/g, '-');
  const dataDir = path.join(REPO_ROOT, 'bench-data');
  const logDir = path.join(dataDir, 'logs', `import-${runId}`);

  // 1. Catalog
  log(`generating ${sizeBytes.toLocaleString('en')} bytes (seed ${seed}) into ${dataDir}`);
  const manifest = await generateCatalog({ sizeBytes, seed, outDir: dataDir });
  log(
    `${manifest.products} elements (${manifest.valid_products} valid, ${manifest.invalid_products} invalid: ${JSON.stringify(manifest.invalid_by_kind)}), ` +
      `${manifest.changed_products} changed in the variant, ${manifest.generate_s.toFixed(1)} s`,
  );

  // 2. Services
  const stack = await startStack({
    cleanup,
    logDir,
    withWorker: true,
    keepDb,
    log,
    extraEnv: workerConcurrency ? { WORKER_CONCURRENCY: String(workerConcurrency) } : undefined,
    workerNodeArgs,
  });
  const tenantNames = [
    `bench-${runId}-main`,
    ...(skip2x ? [] : [1, 2].map((n) => `bench-${runId}-2x-${n}`)),
    ...(skip4x ? [] : [1, 2, 3, 4].map((n) => `bench-${runId}-4x-${n}`)),
  ];
  log(`creating ${tenantNames.length} organization(s)/account(s)/token(s) with node dist/cli.js`);
  const tenants = await createTenants(tenantNames, stack.cliEnv, 2, (t) => stack.createdOrganizations.push(t.organizationId));
  const idle = { api: readMemoryStatus(stack.api.pid), worker: readMemoryStatus(stack.worker!.pid) };

  // 3. Floor
  log('COPY floors: valid rows into a scratch table with only the primary key, then LIKE products INCLUDING ALL');
  const floor = await measureCopyFloor(stack.databaseUrl, manifest);
  log(
    `copy_plain_s ${floor.copy_plain_s.toFixed(2)} s, copy_s ${floor.copy_s.toFixed(2)} s for ${floor.rows} rows (${(floor.copy_bytes / MIB).toFixed(1)} MiB of COPY text)`,
  );

  // 4. Single imports
  const client = new ImportClient(stack.baseUrl, tenants[0], uploadTimeoutMs);
  const valid = manifest.valid_products;
  const invalid = manifest.invalid_products;
  const opts = {
    timeoutMs,
    deadService: stack.deadService,
    cpu: () => new CpuMeter(stack.databaseUrl, [stack.api.pid, stack.worker!.pid]),
  };
  // The search indexer works after done: the database CPU it takes until the lag ends is reported
  // beside the phase's own CPU (the bench starts counting when it sees done: a lower bound).
  const searchCpu = {} as Record<string, number | null>;
  const searchableS = {} as Record<string, number | null>;
  const lagOf = async (phase: PhaseResult): Promise<number | null> => {
    if (phase.status !== 'done') return null;
    const meter = await opts.cpu().start();
    const times = await measureSearchable(stack.databaseUrl, tenants[0].organizationId, phase, 60_000);
    searchCpu[phase.name] = (await meter.stop()).database;
    searchableS[phase.name] = times?.searchable_s ?? null;
    return times?.lag_s ?? null;
  };
  const sampler = new RssSampler([stack.api.pid, stack.worker!.pid]).start();
  log('import: uploading the catalog');
  const first = await runImportPhase(
    'import',
    client,
    manifest.file,
    { total: manifest.products, indexed: valid, failed: invalid, skipped: 0 },
    opts,
  );
  logPhase(first);
  const searchLag = { import: await lagOf(first) } as Record<string, number | null>;
  const errorSample = await client.errorsPage(first.job_id, 100).catch((error: Error) => ({ error: error.message }));
  log('reimport: the same file again (valid products should be skipped)');
  const reimport = await runImportPhase(
    'reimport',
    client,
    manifest.file,
    { total: manifest.products, indexed: 0, failed: invalid, skipped: valid },
    opts,
  );
  logPhase(reimport);
  log(`changed10: ${manifest.changed_products} products with a new price`);
  const changed = await runImportPhase(
    'changed10',
    client,
    manifest.changed_file,
    { total: manifest.products, indexed: manifest.changed_products, failed: invalid, skipped: valid - manifest.changed_products },
    opts,
  );
  logPhase(changed);
  searchLag.changed10 = await lagOf(changed);
  const singlePeaks = sampler.stop();
  const apiPeak = singlePeaks.get(stack.api.pid) ?? null;
  const workerPeak = singlePeaks.get(stack.worker!.pid) ?? null;

  // 5. Two, then four uploads at once (peaks reset before each; RSS the runtime kept counts)
  const concurrent = async (n: number, from: number): Promise<ConcurrentResult> => {
    log(`${n}x: ${n} ${(manifest.bytes / MIB).toFixed(0)} MiB uploads at once (${n} organizations)`);
    const result = await runConcurrentUploads(
      stack,
      tenants.slice(from, from + n).map((t) => new ImportClient(stack.baseUrl, t, uploadTimeoutMs)),
      manifest,
      timeoutMs,
    );
    log(
      `${n}x: api peak ${fmt(result.api_peak_rss_mib, 1)} MiB, worker peak ${fmt(result.worker_peak_rss_mib, 1)} MiB, all done after ${fmt(result.all_done_s)} s`,
    );
    return result;
  };
  const twoX = skip2x ? null : await concurrent(2, 1);
  const fourX = skip4x ? null : await concurrent(4, skip2x ? 1 : 3);
  const logIssues = {
    api: stack.api.grep(/\b(ERROR|WARN)\b/).slice(0, 20),
    worker: stack.worker!.grep(/\b(ERROR|WARN)\b/).slice(0, 20),
  };
  const pgVersion = await postgresVersion(stack.databaseUrl);
  await stack.api.stop();
  await stack.worker!.stop();

  // 6. Naive
  let naiveResult: NaiveImportResult | null = null;
  if (naive) {
    log(
      `naive: JSON.parse + plainToInstance/validateSync + TypeORM save() per product (budget ${naiveBudgetS} s${naiveLimit ? `, limit ${naiveLimit}` : ''})`,
    );
    naiveResult = await runNaiveImport({
      databaseUrl: stack.databaseUrl,
      file: manifest.file,
      limit: naiveLimit,
      budgetS: naiveBudgetS,
      onProgress: (done, total) => done % 10_000 === 0 && done > 0 && log(`naive: ${done}/${total}`),
    });
    log(`naive: ${naiveResult.naive_s.toFixed(1)} s${naiveResult.extrapolation_note ? ` (${naiveResult.extrapolation_note})` : ''}`);
  }

  // 7. Report
  const problems = [
    ...first.problems,
    ...reimport.problems,
    ...changed.problems,
    ...(twoX?.problems ?? []),
    ...(fourX?.problems ?? []),
    ...(naiveResult && !naiveResult.extrapolated && (naiveResult.indexed !== valid || naiveResult.failed !== invalid)
      ? [
          `naive: indexed ${naiveResult.indexed} / failed ${naiveResult.failed}, expected ${valid} / ${invalid} (ProductDto alone does not match the service's validation)`,
        ]
      : []),
  ];
  const ratio = (a: number | null | undefined, b: number) => (a === null || a === undefined ? null : round(a / b, 2));
  const lags = Object.values(searchLag).filter((v): v is number => v !== null);
  const result = {
    products: manifest.products,
    valid_products: valid,
    invalid_products: invalid,
    invalid_by_kind: manifest.invalid_by_kind,
    changed_products: manifest.changed_products,
    bytes: manifest.bytes,
    copy_s: round(floor.copy_s),
    copy_plain_s: round(floor.copy_plain_s),
    copy_plain_cpu_s: floor.copy_plain_cpu_s,
    import_cpu_s: first.cpu_s,
    import_cpu_ratio_plain: ratio(first.cpu_s, floor.copy_plain_cpu_s),
    reimport_cpu_s: reimport.cpu_s,
    reimport_cpu_ratio_plain: ratio(reimport.cpu_s, floor.copy_plain_cpu_s),
    changed10_cpu_s: changed.cpu_s,
    changed10_cpu_ratio_plain: ratio(changed.cpu_s, floor.copy_plain_cpu_s),
    upload_s: first.upload_s,
    import_s: first.import_s,
    import_ratio: ratio(first.import_s, floor.copy_s),
    import_ratio_plain: ratio(first.import_s, floor.copy_plain_s),
    reimport_s: reimport.import_s,
    reimport_ratio: ratio(reimport.import_s, floor.copy_s),
    reimport_ratio_plain: ratio(reimport.import_s, floor.copy_plain_s),
    changed10_s: changed.import_s,
    changed10_ratio: ratio(changed.import_s, floor.copy_s),
    changed10_ratio_plain: ratio(changed.import_s, floor.copy_plain_s),
    searchable_s: searchableS.import ?? null,
    searchable_ratio_plain: ratio(searchableS.import, floor.copy_plain_s),
    changed10_searchable_s: searchableS.changed10 ?? null,
    changed10_searchable_ratio_plain: ratio(searchableS.changed10, floor.copy_plain_s),
    api_peak_rss_mib: apiPeak,
    worker_peak_rss_mib: workerPeak,
    api_peak_rss_2x_mib: twoX?.api_peak_rss_mib ?? null,
    worker_peak_rss_2x_mib: twoX?.worker_peak_rss_mib ?? null,
    api_peak_rss_4x_mib: fourX?.api_peak_rss_mib ?? null,
    worker_peak_rss_4x_mib: fourX?.worker_peak_rss_mib ?? null,
    naive_s: naiveResult ? round(naiveResult.naive_s, 1) : null,
    naive_ratio: naiveResult ? ratio(naiveResult.naive_s, first.import_s) : null,
    naive_extrapolated: naiveResult?.extrapolated ?? null,
    search_lag_s: lags.length ? Math.max(...lags) : null,
    search_lag: searchLag,
    search_after_done_cpu_s: searchCpu,
    ratios_note:
      '*_ratio = phase time / copy_s; *_ratio_plain = phase time / copy_plain_s; naive_ratio = naive_s / import_s; ' +
      '*_cpu_s = CPU seconds of API + worker + bench-database backends from 202 to done; *_cpu_ratio_plain = that / CPU of the plain COPY backend; ' +
      'search_lag_s = the larger of the import and changed10 lags (completed_at -> no product of the organization pending for the search indexer); ' +
      'searchable_s = 202 -> no product of the organization pending (found by search); searchable_ratio_plain = searchable_s / copy_plain_s; ' +
      'search_after_done_cpu_s = database CPU seconds from seeing done until the lag ended (search indexing after done)',
    phases: { import: first, reimport, changed10: changed },
    two_x: twoX,
    four_x: fourX,
    naive: naiveResult,
    copy_floor: { rows: floor.rows, copy_mib: round(floor.copy_bytes / MIB, 1) },
    idle_rss_mib: { api: idle.api ? kibToMib(idle.api.rssKiB) : null, worker: idle.worker ? kibToMib(idle.worker.rssKiB) : null },
    error_sample: summariseErrors(errorSample, manifest),
    service_log_issues: logIssues,
    problems,
    machine: { ...machineInfo(), load_avg_at_start: loadAtStart, postgres: pgVersion },
    config: {
      seed,
      size_bytes: sizeBytes,
      worker_concurrency: workerConcurrency ?? 'service default',
      generator_version: manifest.generator_version,
      file: path.relative(REPO_ROOT, manifest.file),
      logs: path.relative(REPO_ROOT, logDir),
      started: runId,
    },
  };

  const rows: Row[] = [
    ['products (elements)', manifest.products, `${valid} valid, ${invalid} invalid`],
    ['bytes', manifest.bytes.toLocaleString('en'), `${(manifest.bytes / MIB).toFixed(2)} MiB`],
    ['copy_plain_s (floor)', fmt(floor.copy_plain_s), 'COPY of the valid rows into a table with only the primary key'],
    ['copy_s', fmt(floor.copy_s), 'COPY of the valid rows into LIKE products INCLUDING ALL'],
    ['upload_s', fmt(first.upload_s), 'request -> 202'],
    [
      'import_s',
      fmt(first.import_s),
      `202 -> done; server processing ${fmt(first.processing_s)} s, queue wait ${fmt(first.queue_wait_s)} s, scan ~${fmt(first.scan_s_approx, 1)} s`,
    ],
    ['import_ratio_plain', fmt(result.import_ratio_plain), 'import_s / copy_plain_s'],
    ['import_ratio', fmt(result.import_ratio), 'import_s / copy_s'],
    ['searchable_s', fmt(result.searchable_s), '202 -> every product of the import found by search'],
    ['searchable_ratio_plain', fmt(result.searchable_ratio_plain), 'searchable_s / copy_plain_s'],
    [
      'import_cpu_s',
      fmt(first.cpu_s),
      `ratio ${fmt(result.import_cpu_ratio_plain)} to the plain COPY's ${fmt(floor.copy_plain_cpu_s)} CPU s; ${cpuSplit(first)}`,
    ],
    ['reimport_s', fmt(reimport.import_s), `upload ${fmt(reimport.upload_s)} s; skipped ${reimport.skipped_count}`],
    ['reimport_ratio_plain', fmt(result.reimport_ratio_plain), 'reimport_s / copy_plain_s'],
    ['reimport_ratio', fmt(result.reimport_ratio), 'reimport_s / copy_s'],
    ['reimport_cpu_s', fmt(reimport.cpu_s), `ratio ${fmt(result.reimport_cpu_ratio_plain)}; ${cpuSplit(reimport)}`],
    [
      'changed10_s',
      fmt(changed.import_s),
      `upload ${fmt(changed.upload_s)} s; indexed ${changed.indexed_count}, skipped ${changed.skipped_count}`,
    ],
    ['changed10_ratio_plain', fmt(result.changed10_ratio_plain), 'changed10_s / copy_plain_s'],
    ['changed10_ratio', fmt(result.changed10_ratio), 'changed10_s / copy_s'],
    [
      'changed10_searchable_ratio_plain',
      fmt(result.changed10_searchable_ratio_plain),
      `202 -> searchable ${fmt(result.changed10_searchable_s)} s, / copy_plain_s`,
    ],
    ['changed10_cpu_s', fmt(changed.cpu_s), `ratio ${fmt(result.changed10_cpu_ratio_plain)}; ${cpuSplit(changed)}`],
    [
      'search_lag_s',
      fmt(result.search_lag_s),
      `completed_at -> all searchable; import ${fmt(searchLag.import)}, changed10 ${fmt(searchLag.changed10)}`,
    ],
    [
      'search_after_done_cpu_s',
      `${fmt(searchCpu.import)} / ${fmt(searchCpu.changed10)}`,
      'database CPU from done until all searchable: import / changed10',
    ],
    ['api_peak_rss_mib', fmt(apiPeak, 1), `idle ${fmt(result.idle_rss_mib.api, 1)} MiB`],
    ['worker_peak_rss_mib', fmt(workerPeak, 1), `idle ${fmt(result.idle_rss_mib.worker, 1)} MiB`],
    ['api_peak_rss_2x_mib', fmt(twoX?.api_peak_rss_mib, 1), twoX ? `2 uploads at once; max upload ${fmt(twoX.max_upload_s)} s` : 'skipped'],
    ['worker_peak_rss_2x_mib', fmt(twoX?.worker_peak_rss_mib, 1), twoX ? `both done after ${fmt(twoX.all_done_s)} s` : 'skipped'],
    [
      'api_peak_rss_4x_mib',
      fmt(fourX?.api_peak_rss_mib, 1),
      fourX ? `4 uploads at once; max upload ${fmt(fourX.max_upload_s)} s` : 'skipped',
    ],
    ['worker_peak_rss_4x_mib', fmt(fourX?.worker_peak_rss_mib, 1), fourX ? `all 4 done after ${fmt(fourX.all_done_s)} s` : 'skipped'],
    [
      'naive_s',
      naiveResult ? fmt(naiveResult.naive_s, 1) : '-',
      naiveResult?.extrapolation_note ?? (naiveResult ? 'full run' : 'not run (--naive)'),
    ],
    ['naive_ratio', fmt(result.naive_ratio), 'naive_s / import_s'],
    [
      'machine',
      `${result.machine.cpus} cpus`,
      `node ${process.version}, PostgreSQL ${pgVersion}, load avg ${loadAtStart[0]} -> ${result.machine.load_avg[0]}`,
    ],
  ];
  printTable('Catalog import benchmark', rows);
  for (const phase of [first, reimport, changed]) {
    process.stdout.write(
      `${phase.name.padEnd(10)} total ${phase.total}  indexed ${phase.indexed_count}  failed ${phase.failed_count}  skipped ${phase.skipped_count}  ` +
        `(indexed+failed+skipped ${phase.indexed_count + phase.failed_count + phase.skipped_count === phase.total ? '=' : '!='} total)\n`,
    );
  }
  if (problems.length) process.stdout.write(`\nPROBLEMS (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
  if (logIssues.api.length || logIssues.worker.length) {
    process.stdout.write(`\nService log warnings/errors (first lines; full logs in ${path.relative(REPO_ROOT, logDir)}):\n`);
    for (const line of [...logIssues.api.map((l) => `api: ${l}`), ...logIssues.worker.map((l) => `worker: ${l}`)].slice(0, 10))
      process.stdout.write(`  ${line}\n`);
  }
  if (jsonPath) {
    await writeJson(jsonPath, result);
    log(`wrote ${jsonPath}`);
  }
  if (problems.length) process.exitCode = 3;
});

function cpuSplit(phase: PhaseResult): string {
  const split = phase.cpu_split;
  return split ? `worker ${fmt(split.worker)}, database ${fmt(split.database)}, api ${fmt(split.api)}` : '';
}

function logPhase(phase: PhaseResult): void {
  log(
    `${phase.name}: ${phase.status}; upload ${phase.upload_s.toFixed(2)} s, import ${phase.import_s.toFixed(2)} s ` +
      `(total ${phase.total}, indexed ${phase.indexed_count}, failed ${phase.failed_count}, skipped ${phase.skipped_count})` +
      (phase.problems.length ? `; PROBLEMS: ${phase.problems.join('; ')}` : ''),
  );
}

/** A comparison run's end: the load around it, the JSON if asked, and a failure naming its problems. */
async function reportComparison(
  comparison: { rows: Record<string, unknown>[]; problems: string[] },
  loadBefore: number[],
  jsonPath: string | undefined,
): Promise<void> {
  const loadAfter = os.loadavg().map((l) => round(l, 2));
  log(`load average before ${loadBefore.join(' ')}, after ${loadAfter.join(' ')} (${os.cpus().length} CPUs)`);
  if (jsonPath) await writeJson(jsonPath, { machine: machineInfo(), load_before: loadBefore, ...comparison });
  if (comparison.problems.length > 0) throw new Error(`problems:\n${comparison.problems.join('\n')}`);
}
