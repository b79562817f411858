/**
 * Reads at scale: a multi-tenant database written with COPY, indexed by the service's own worker,
 * then timed through the API. See bench/README.md ("What `npm run bench:scale` does").
 *
 *   npm run bench:scale -- [--organizations 20 --products 2000 --big 50000 --small 1000] [--full] [--reuse]
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { parseCommandLine } from './lib/args';
import { deleteOrganizations, dropBenchDatabase, postgresVersion, withClient } from '../tools/harness/bench-db';
import { Cleanup, runMain } from './lib/cleanup';
import { generateCatalog } from '../tools/harness/generate-catalog';
import { requireBuild } from './lib/require-build';
import { fmt, logger, machineInfo, printTable, round, type Row, writeJson } from './lib/report';
import { buildDatabase } from './lib/scale/build-database';
import { compareImports, type ImportComparison } from './lib/scale/import-comparison';
import {
  databaseExists,
  databaseSize,
  readDescriptor,
  resetSearchRows,
  SCALE_DATABASE_URL,
  SCALE_EMPTY_DATABASE_URL,
  SCALE_EMPTY_QUEUE_PREFIX,
  SCALE_QUEUE_PREFIX,
  type ScaleDescriptor,
  type ScaleLayout,
  sameLayout,
  totalProducts,
  writeDescriptor,
} from './lib/scale/scale-db';
import { BASELINE_KIND, concurrentLoad, FILTER_KINDS, RANKED_KINDS, SearchClient, type Timing } from './lib/scale/search-timings';
import { type PartitionSettle, settlePartitions } from './lib/scale/settle-partitions';
import { type SweepResult, timeSweep } from './lib/scale/sweep';
import { checkPageOne, ExhaustiveRanking, sampleQueries } from './lib/scale/exactness';
import { startStack } from './lib/service-stack';
import { createTenants, type Tenant, tenantOf } from './lib/tenants';
import { REPO_ROOT } from '../tools/harness/repo';

const FULL: Omit<ScaleLayout, 'seed'> = { organizations: 1_000, products: 10_000, big: 1_000_000, small: 1_000 };
const QUICK: Omit<ScaleLayout, 'seed'> = { organizations: 20, products: 2_000, big: 50_000, small: 1_000 };

const USAGE = `Usage: npm run bench:scale -- [options]
  --organizations N   organizations (default ${QUICK.organizations}; --full: ${FULL.organizations.toLocaleString('en')})
  --products N        products of every organization but two (default ${QUICK.products}; --full: ${FULL.products.toLocaleString('en')})
  --big N             products of the big organization (default ${QUICK.big}; --full: ${FULL.big.toLocaleString('en')})
  --small N           products of the small organization (default ${QUICK.small}; --full: ${FULL.small.toLocaleString('en')})
  --full              full size: 1,000 organizations, one of 1 M products, one of 1,000, the rest 10,000
  --seed N            catalog seed (default 24)
  --reuse             keep database pds_scale when it holds these sizes (else it is rebuilt)
  --reindex           with --reuse: list every product as pending again and time the sweep on the same data
  --samples N         sequential requests per query, after 2 untimed (default 30)
  --load-s S          seconds of the concurrent-load line (default 20)
  --clients N         concurrent clients of that line (default 8)
  --import-runs N     50 MiB imports into each of the empty and the big database, alternately (default 2; 0 = skip)
  --searchable-timeout-s S  give up waiting for an import's products to be searchable after S s (default 300)
  --probe-after-s S   upload a small import this long into the sweep (default 2; -1 = no probe)
  --lanes N           processes writing products at once while building (default 2)
  --drop              drop pds_scale at the end (default: kept for --reuse)
  --exactness-queries N  vocabulary queries whose page 1 is compared with the exhaustive order in the big organization (default 200; 0 = skip)
  --json PATH         also write the results as JSON`;

const DEEP_PAGE_KEYS = new Set(RANKED_KINDS.filter((k) => k.skipPages).map((k) => k.key));
const EMPTY_KEYS = new Set(RANKED_KINDS.filter((k) => k.empty).map((k) => k.key));

const cleanup = new Cleanup();
const log = logger('bench:scale');

void runMain(cleanup, async () => {
  const args = parseCommandLine(
    {
      organizations: { type: 'string' },
      products: { type: 'string' },
      big: { type: 'string' },
      small: { type: 'string' },
      full: { type: 'boolean' },
      seed: { type: 'string' },
      reuse: { type: 'boolean' },
      reindex: { type: 'boolean' },
      samples: { type: 'string' },
      'load-s': { type: 'string' },
      clients: { type: 'string' },
      'import-runs': { type: 'string' },
      'probe-after-s': { type: 'string' },
      drop: { type: 'boolean' },
      lanes: { type: 'string' },
      'searchable-timeout-s': { type: 'string' },
      json: { type: 'string' },
      'exactness-queries': { type: 'string' },
    },
    USAGE,
  );
  const preset = args.flag('full') ? FULL : QUICK;
  const layout: ScaleLayout = {
    organizations: args.number('organizations', preset.organizations, { min: 3, integer: true })!,
    products: args.number('products', preset.products, { min: 1, integer: true })!,
    big: args.number('big', preset.big, { min: 1, integer: true })!,
    small: args.number('small', preset.small, { min: 1, integer: true })!,
    seed: args.number('seed', 24, { integer: true })!,
  };
  const samples = args.number('samples', 30, { min: 1, integer: true })!;
  const loadS = args.number('load-s', 20, { min: 1 })!;
  const clientCount = args.number('clients', 8, { min: 1, integer: true })!;
  const importRuns = args.number('import-runs', 2, { min: 0, integer: true })!;
  const probeAfterS = args.number('probe-after-s', 2, { min: -1 })!;
  const lanes = args.number('lanes', 2, { min: 1, integer: true })!;
  const searchableTimeoutS = args.number('searchable-timeout-s', 300, { min: 1 })!;
  const jsonPath = args.string('json');
  const exactnessQueries = args.number('exactness-queries', 200, { min: 0, integer: true })!;
  requireBuild();
  const loadAtStart = os.loadavg().map((l) => round(l, 2));
  const runId = new Date().toISOString().replace(/[:.]/g, '-');
  const dataDir = path.join(REPO_ROOT, 'bench-data');
  const logDir = path.join(dataDir, 'logs', `scale-${runId}`);
  const started = performance.now();

  // 1. The database: reused when it holds these sizes, else built from nothing.
  const existing = args.flag('reuse') ? await readDescriptor(SCALE_DATABASE_URL) : null;
  const reused = existing !== null && sameLayout(existing.layout, layout);
  if (!reused && (await databaseExists(SCALE_DATABASE_URL))) {
    log(args.flag('reuse') ? 'pds_scale holds other sizes: rebuilding it' : 'dropping pds_scale (no --reuse)');
    await dropBenchDatabase(SCALE_DATABASE_URL);
  }
  const stack = await startStack({
    cleanup,
    logDir,
    withWorker: false,
    keepDb: !args.flag('drop'),
    databaseUrl: SCALE_DATABASE_URL,
    queuePrefix: SCALE_QUEUE_PREFIX,
    log,
  });
  // The probe's and the imports' organizations go at the end: a reused database keeps its sizes.
  const runOrganizations: string[] = [];
  cleanup.add("delete this run's organizations", async () => {
    if (runOrganizations.length === 0) return;
    await deleteOrganizations(SCALE_DATABASE_URL, runOrganizations);
    log(`deleted the ${runOrganizations.length} organizations this run added to pds_scale`);
  });
  let descriptor: ScaleDescriptor;
  if (reused) {
    descriptor = existing;
    log(`reusing pds_scale (${totalProducts(layout).toLocaleString('en')} products, stage ${descriptor.stage})`);
  } else {
    log(`building ${layout.organizations} organizations: one of ${layout.big}, one of ${layout.small}, the rest ${layout.products} each`);
    const built = await buildDatabase(stack, layout, lanes, log);
    descriptor = { version: 1, layout, stage: 'loaded', measured: built.measured, build: { ...built, measured: undefined } };
    await withClient(stack.databaseUrl, (client) => writeDescriptor(client, descriptor));
    log(`loaded ${built.products.toLocaleString('en')} products in ${built.load_s} s (${built.load_products_per_s}/s)`);
  }
  const tenantsByRole = new Map<string, Tenant>();
  for (const m of descriptor.measured)
    tenantsByRole.set(m.role, await tenantOf(m.organizationId, m.accountId, `scale-${m.role}`, stack.cliEnv));

  // 2. The service's worker indexes the backlog (its start-up sweep), with an import arriving meanwhile.
  if (reused && args.flag('reindex')) {
    const listed = await withClient(stack.databaseUrl, resetSearchRows);
    log(`--reindex: ${listed.toLocaleString('en')} products pending again`);
    descriptor.stage = 'loaded';
  }
  let sweep: SweepResult | null = null;
  if (descriptor.stage === 'loaded') {
    const [probeTenant] = probeAfterS >= 0 ? await createTenants([`scale-probe-${runId}`], stack.cliEnv, 1) : [];
    const probeManifest = probeTenant
      ? await generateCatalog({ sizeBytes: 1_048_576, seed: 5, outDir: path.join(dataDir, 'scale') })
      : null;
    sweep = await timeSweep(
      stack,
      probeTenant && probeManifest ? { tenant: probeTenant, manifest: probeManifest, afterS: probeAfterS } : null,
      log,
    );
    if (probeTenant) runOrganizations.push(probeTenant.organizationId);
    log(`sweep: ${sweep.pending_at_start.toLocaleString('en')} products indexed in ${sweep.sweep_s} s (${sweep.products_per_s}/s)`);
    log('VACUUM ANALYZE (what autovacuum does to a settled database)');
    await withClient(stack.databaseUrl, async (client) => {
      await client.query('VACUUM ANALYZE products');
      await client.query('VACUUM ANALYZE product_search');
      await client.query('VACUUM ANALYZE product_search_pending');
    });
    descriptor.stage = 'indexed';
    descriptor.build = { ...descriptor.build, sweep };
    await withClient(stack.databaseUrl, (client) => writeDescriptor(client, descriptor));
  } else {
    await stack.startWorker();
  }
  const buildSweep = (descriptor.build.sweep as SweepResult | undefined) ?? null;

  // 2b. Organizations past SEARCH_PARTITION_PRODUCTS move to search partitions of their own (the worker's pass), before any read is timed.
  const partitions = await settlePartitions(stack.databaseUrl, log);
  log(`search partitions: ${partitions.own} organizations in their own, settled after ${partitions.settle_s} s`);

  // 3. The table: each query alone, one request at a time.
  const roles = ['small', 'regular', 'big'] as const;
  const productsOfRole = (role: string) => descriptor.measured.find((m) => m.role === role)!.products;
  const clients = roles.map((role) => new SearchClient(stack.baseUrl, tenantsByRole.get(role)!));
  const timings: Record<string, Record<string, Timing | null>> = {};
  for (const kind of [BASELINE_KIND, ...RANKED_KINDS, ...FILTER_KINDS]) {
    timings[kind.key] = {};
    for (const [i, role] of roles.entries()) timings[kind.key][role] = await clients[i].time(kind, samples, 2);
    log(`${kind.key}: p95 ${roles.map((r) => `${r} ${fmt(timings[kind.key][r]?.p95_ms, 1)}`).join(', ')} ms`);
  }

  // 3b. Exactness: page 1 against the exhaustive ORDER BY over every match, per kind and organization.
  const exactness: Record<string, ExactnessCell> = {};
  const ranking = await ExhaustiveRanking.connect(stack.databaseUrl);
  try {
    for (const kind of RANKED_KINDS.filter((k) => !k.skipPages)) {
      const cell = { exact: 0, of: 0 };
      for (const [i, role] of roles.entries()) {
        const organizationId = descriptor.measured.find((m) => m.role === role)!.organizationId;
        cell.of++;
        if ((await checkPageOne(ranking, clients[i], organizationId, kind.query.q, kind.query.category)).exact) cell.exact++;
      }
      exactness[kind.key] = cell;
      log(`exactness ${kind.key}: ${cell.exact}/${cell.of}`);
    }
    if (exactnessQueries > 0) {
      const bigIndex = roles.indexOf('big');
      const organizationId = descriptor.measured.find((m) => m.role === 'big')!.organizationId;
      const queries = await sampleQueries(stack.databaseUrl, organizationId, exactnessQueries);
      const cell = { exact: 0, of: 0, recalled: 0, expected: 0, flagged: 0, unflaggedInexact: 0, byWords: {} as Record<string, string> };
      const byWords = new Map<number, { exact: number; of: number }>();
      for (const q of queries) {
        const check = await checkPageOne(ranking, clients[bigIndex], organizationId, q);
        const words = q.split(' ').length;
        const group = byWords.get(words) ?? { exact: 0, of: 0 };
        byWords.set(words, group);
        cell.of++;
        group.of++;
        if (check.exact) cell.exact++;
        if (check.exact) group.exact++;
        if (check.flagged) cell.flagged++;
        if (!check.exact && !check.flagged) cell.unflaggedInexact++;
        cell.recalled += check.recalled;
        cell.expected += check.expected;
        if (!check.exact)
          log(
            `  page 1 not exact${check.flagged ? ' (flagged)' : ''}: "${q}" (${check.recalled}/${check.expected} of the exhaustive top on it)`,
          );
      }
      cell.byWords = Object.fromEntries([...byWords].sort((a, b) => a[0] - b[0]).map(([n, g]) => [`${n}`, `${g.exact}/${g.of}`]));
      exactness.vocabulary_sample_big = cell;
      log(
        `exactness over ${cell.of} vocabulary queries in the big organization: ${cell.exact}/${cell.of} ` +
          `(by words: ${JSON.stringify(cell.byWords)}), recall of the exhaustive top ${cell.recalled}/${cell.expected}, ` +
          `ranking_exact false on ${cell.flagged}, inexact without the flag ${cell.unflaggedInexact}`,
      );
    }
  } finally {
    await ranking.close();
  }

  // 4. Under load: the clients spread over the three organizations, the whole mix.
  log(`concurrent load: ${clientCount} clients over the three organizations for ${loadS} s`);
  const load = await concurrentLoad(clients, [...RANKED_KINDS, ...FILTER_KINDS], clientCount, loadS);
  log(`load: ${load.requests_per_s} req/s, p50 ${load.p50_ms} ms, p95 ${load.p95_ms} ms, p99 ${load.p99_ms} ms, ${load.errors} errors`);

  // 5. Size per product, before the imports add organizations (the probe's is still there: its 1 MiB counts).
  const size = await withClient(stack.databaseUrl, databaseSize);

  // 6. A 50 MiB import into an empty database and into this one.
  let imports: ImportComparison | null = null;
  if (importRuns > 0) {
    const manifest = await generateCatalog({ sizeBytes: 52_428_800, seed: 42, outDir: dataDir });
    if (await databaseExists(SCALE_EMPTY_DATABASE_URL)) await dropBenchDatabase(SCALE_EMPTY_DATABASE_URL);
    const empty = await startStack({
      cleanup,
      logDir: path.join(logDir, 'empty'),
      withWorker: true,
      keepDb: false,
      databaseUrl: SCALE_EMPTY_DATABASE_URL,
      queuePrefix: SCALE_EMPTY_QUEUE_PREFIX,
      // Beside the first stack's API: the next port when BENCH_API_PORT pins that one (else both took it, and the
      // empty side's uploads reached the other API: 401).
      port: process.env.BENCH_API_PORT ? Number(process.env.BENCH_API_PORT) + 1 : undefined,
      log,
    });
    const names = (side: string) => Array.from({ length: importRuns }, (_, i) => `scale-import-${side}-${runId}-${i + 1}`);
    const emptyTenants = await createTenants(names('empty'), empty.cliEnv, 2);
    const bigTenants = await createTenants(names('big'), stack.cliEnv, 2, (t) => runOrganizations.push(t.organizationId));
    imports = await compareImports(
      manifest,
      { empty: { stack: empty, tenants: emptyTenants }, big: { stack, tenants: bigTenants } },
      importRuns,
      searchableTimeoutS * 1000,
      log,
    );
    await empty.api.stop();
    await empty.worker!.stop();
  }

  const pgVersion = await postgresVersion(stack.databaseUrl);
  const problems = [
    ...(sweep?.probe?.problems ?? []),
    ...(imports?.runs.flatMap((r) => r.problems) ?? []),
    ...(imports?.runs
      .filter((r) => r.searchable_s === null)
      .map((r) => `import into the ${r.database} database: not searchable within ${searchableTimeoutS} s`) ?? []),
    ...(load.errors ? [`concurrent load: ${load.errors} errors, first: ${load.first_error}`] : []),
    // A deep page exists only where the word matches enough products (not in a small catalog).
    ...Object.entries(timings).flatMap(([key, byRole]) =>
      Object.entries(byRole)
        .filter(([, t]) => (t === null && !DEEP_PAGE_KEYS.has(key)) || (t?.results === 0 && !EMPTY_KEYS.has(key)))
        .map(([role]) => `${key} in the ${role} organization found nothing (not comparable)`),
    ),
  ];
  const result = {
    layout,
    total_products: totalProducts(layout),
    reused,
    build: descriptor.build,
    sweep: sweep ?? buildSweep,
    sweep_measured_this_run: sweep !== null,
    partitions,
    organizations: Object.fromEntries(roles.map((role) => [role, productsOfRole(role)])),
    timings,
    exactness,
    load,
    imports,
    size,
    problems,
    machine: { ...machineInfo(), load_avg_at_start: loadAtStart, postgres: pgVersion },
    config: {
      samples,
      warmup: 2,
      load_s: loadS,
      clients: clientCount,
      import_runs: importRuns,
      logs: path.relative(REPO_ROOT, logDir),
      started: runId,
    },
    run_s: round((performance.now() - started) / 1000, 1),
  };
  report(result);
  if (problems.length) process.stdout.write(`\nPROBLEMS (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
  if (jsonPath) {
    await writeJson(jsonPath, result);
    log(`wrote ${jsonPath}`);
  }
  if (problems.length) process.exitCode = 3;
});

/** Page 1 equal to the exhaustive order in `exact` of `of` queries; for the vocabulary sample also the recall of its top 10. */
interface ExactnessCell {
  exact: number;
  of: number;
  recalled?: number;
  expected?: number;
  /** Pages that said `ranking_exact: false`, and inexact pages that did not say so (the figure that must be 0). */
  flagged?: number;
  unflaggedInexact?: number;
  /** Exact of asked, per number of words. */
  byWords?: Record<string, string>;
}

interface ReportInput {
  exactness: Record<string, ExactnessCell>;
  layout: ScaleLayout;
  total_products: number;
  build: Record<string, unknown>;
  sweep: SweepResult | null;
  sweep_measured_this_run: boolean;
  partitions: PartitionSettle;
  organizations: Record<string, number>;
  timings: Record<string, Record<string, Timing | null>>;
  load: Awaited<ReturnType<typeof concurrentLoad>>;
  imports: ImportComparison | null;
  size: Awaited<ReturnType<typeof databaseSize>>;
  machine: { load_avg: number[]; load_avg_at_start: number[]; postgres: string; cpus: number };
}

function report(r: ReportInput): void {
  const roles = ['small', 'regular', 'big'];
  const head = roles.map((role) => `${r.organizations[role].toLocaleString('en')}-product org`);
  const cell = (t: Timing | null | undefined) => (t ? `${fmt(t.p95_ms, 1)} ms` : '-');
  const width = Math.max(...RANKED_KINDS.map((k) => k.label.length), 40);
  const exact = (key: string) => (r.exactness[key] ? `${r.exactness[key].exact}/${r.exactness[key].of}` : '-').padStart(11);
  const lines = [
    `| ${'p95 of sequential requests'.padEnd(width)} | ${head.join(' | ')} | page 1 exact |`,
    `|${'-'.repeat(width + 2)}|${head.map((h) => '-'.repeat(h.length + 2)).join('|')}|--------------|`,
    ...[BASELINE_KIND, ...RANKED_KINDS].map(
      (k) =>
        `| ${k.label.padEnd(width)} | ${roles.map((role, i) => cell(r.timings[k.key][role]).padStart(head[i].length)).join(' | ')} | ${exact(k.key)}  |`,
    ),
    `| ${'filtered page without q (brand, category, availability, price)'.padEnd(width)} | ${roles
      .map((role, i) => {
        const p95s = FILTER_KINDS.map((k) => r.timings[k.key][role]?.p95_ms).filter((v): v is number => v !== undefined);
        return (p95s.length ? `${fmt(Math.min(...p95s), 1)}–${fmt(Math.max(...p95s), 1)} ms` : '-').padStart(head[i].length);
      })
      .join(' | ')} |`,
  ];
  if (r.exactness.vocabulary_sample_big) {
    const v = r.exactness.vocabulary_sample_big;
    lines.push(
      `page 1 exact for ${v.exact} of ${v.of} vocabulary queries (1 to 5 words: ${JSON.stringify(v.byWords ?? {})}) in the ` +
        `${r.organizations.big.toLocaleString('en')}-product organization` +
        (v.expected ? `; recall of the exhaustive top 10: ${v.recalled}/${v.expected} (${fmt(v.recalled! / v.expected, 3)})` : '') +
        `; ranking_exact false on ${v.flagged ?? 0}, inexact without it ${v.unflaggedInexact ?? 0}`,
    );
  }
  process.stdout.write(
    `\nSearch at scale: ${r.layout.organizations.toLocaleString('en')} organizations, ${r.total_products.toLocaleString('en')} products\n${lines.join('\n')}\n`,
  );
  const sweep = r.sweep;
  const probe = sweep?.probe;
  const rows: Row[] = [
    [
      'build: load (generate + COPY)',
      `${fmt(r.build.load_s as number, 1)} s`,
      `${r.build.load_products_per_s ?? '-'} products/s (the bench's own writing)`,
    ],
    [
      'build: worker sweep',
      sweep ? `${fmt(sweep.sweep_s, 1)} s` : '-',
      sweep
        ? `${sweep.products_per_s} products/s, worker peak ${fmt(sweep.worker_peak_rss_mib, 1)} MiB${r.sweep_measured_this_run ? '' : ' (from the build of this database)'}`
        : '',
    ],
    [
      'import during the sweep: wait for the worker',
      probe ? `${fmt(probe.queue_wait_s)} s` : '-',
      probe
        ? `202 -> started; ${probe.products} products uploaded ${probe.uploaded_after_s} s into the sweep (${probe.pending_at_upload.toLocaleString('en')} pending), done ${fmt(probe.import_s)} s, searchable ${fmt(probe.searchable_s)} s`
        : 'no probe',
    ],
    [
      'search partitions: moves before the reads',
      `${fmt(r.partitions.settle_s, 1)} s`,
      `${r.partitions.own} organizations in a partition of their own (0 s: none was left to move)`,
    ],
    [
      `concurrent load (${r.load.clients} clients, 3 orgs)`,
      `${fmt(r.load.requests_per_s, 0)} req/s`,
      `p50 ${fmt(r.load.p50_ms, 1)} ms, p95 ${fmt(r.load.p95_ms, 1)} ms, p99 ${fmt(r.load.p99_ms, 1)} ms (${r.load.requests} requests, ${r.load.errors} errors)`,
    ],
    [
      '50 MiB import: done (empty / big)',
      r.imports ? `${fmt(r.imports.empty.import_s)} / ${fmt(r.imports.big.import_s)} s` : '-',
      r.imports ? `ratio ${fmt(r.imports.import_ratio)} (median of ${r.imports.runs.length / 2} each)` : 'skipped',
    ],
    [
      '50 MiB import: searchable (empty / big)',
      r.imports ? `${fmt(r.imports.empty.searchable_s)} / ${fmt(r.imports.big.searchable_s)} s` : '-',
      r.imports ? `ratio ${fmt(r.imports.searchable_ratio)} (202 -> found by search)` : 'skipped',
    ],
    [
      'database size per product',
      `${r.size.bytes_per_product.toLocaleString('en')} B`,
      `${(r.size.database_bytes / 1_073_741_824).toFixed(2)} GiB for ${r.size.products.toLocaleString('en')} products; ${Object.entries(
        r.size.relations,
      )
        .slice(0, 3)
        .map(([name, bytes]) => `${name} ${(bytes / 1_073_741_824).toFixed(2)} GiB`)
        .join(', ')}`,
    ],
    [
      'machine',
      `${r.machine.cpus} cpus`,
      `PostgreSQL ${r.machine.postgres}, load avg ${r.machine.load_avg_at_start[0]} -> ${r.machine.load_avg[0]}`,
    ],
  ];
  printTable('Build, load, imports, size', rows);
}
