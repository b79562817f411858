/**
 * Search benchmark: sequential request latency per query kind (exact, natural-language, typo,
 * prefix, filters, deep page, facets, UCP) on the 50 MiB bench catalog imported through the API,
 * and in an organization of --big products written with COPY and indexed by the service's worker.
 * GET /health/live is timed in the same run as the baseline.
 *
 *   npm run bench:search -- [--big 1000000] [--reuse] [--requests 30] [--json bench-search.json]
 */
import * as os from 'node:os';
import * as path from 'node:path';
import { parseCommandLine } from './lib/args';
import { postgresVersion, unsearchableProducts, withClient } from '../tools/harness/bench-db';
import { copyProducts, findOrganization } from './lib/big-organization';
import { Cleanup, runMain } from './lib/cleanup';
import { generateCatalog } from '../tools/harness/generate-catalog';
import { ImportClient } from '../tools/harness/http/import-client';
import { basicAuth } from '../tools/harness/http/credentials';
import { requireBuild } from './lib/require-build';
import { REPO_ROOT, sleep } from '../tools/harness/repo';
import { measureSearchable } from './lib/search-lag';
import { flushGinPendingLists, waitForSettledCatalog } from '../tools/harness/settled';
import { fmt, logger, machineInfo, printTable, round, type Row, writeJson } from './lib/report';
import { SEARCH_KINDS, searchCases, type SearchKind } from './lib/search-queries';
import { SequentialTimer, summarise, type LatencySummary, type TimedCase } from './lib/sequential-timing';
import { startStack, type ServiceStack } from './lib/service-stack';
import { createAccess, createTenants, type Tenant } from './lib/tenants';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/product_directory_bench_search';
let DATABASE_URL = DEFAULT_DATABASE_URL;
const QUEUE_PREFIX = 'bench-search';
const CATALOG_BYTES = 52_428_800;
const GOAL_BENCH_P95_MS = 30;
const GOAL_BIG_P95_MS = 60;

const USAGE = `Usage: npm run bench:search -- [options]
  --big N          products of the large organization (default 1000000; 0 skips it)
  --reuse          keep a large organization of that size from an earlier run instead of building it again
  --requests N     timed requests per query (default 30)
  --warmup N       unmeasured requests per query first (default 3)
  --queries N      different queries per kind (default 5)
  --seed N         seed of the large organization's products and of the queries (default 1)
  --kinds A,B      time only these query kinds (e.g. to run an older build without the newer kinds)
  --json PATH      also write the results as JSON
  --drop-db        drop the bench database at the end (default: kept, with the large organization, for --reuse)
  --keep-catalog   keep the bench catalog's organization too (to read its statements' plans afterwards)
  --database NAME  another database than ${DEFAULT_DATABASE_URL.split('/').at(-1)} (e.g. one per engineer on a shared machine)
  --redis-url URL  another Redis (database) than the bench's
  --port N         the API's port (default: any free one)
The database ${DEFAULT_DATABASE_URL.split('/').at(-1)} is kept between runs; the bench catalog's organization is deleted at the end.`;

const cleanup = new Cleanup();
const log = logger('bench:search');

interface KindResult extends LatencySummary {
  kind: SearchKind;
  ratio_p95_over_live: number | null;
  goal_p95_ms: number;
  pass: boolean;
  queries: Array<{ label: string; results: number; p50_ms: number; p95_ms: number; max_ms: number }>;
}

interface OrganizationResult {
  organization: string;
  products: number;
  live: LatencySummary;
  kinds: KindResult[];
  load_avg_after: number[];
}

void runMain(cleanup, async () => {
  const args = parseCommandLine(
    {
      big: { type: 'string' },
      reuse: { type: 'boolean' },
      requests: { type: 'string' },
      warmup: { type: 'string' },
      queries: { type: 'string' },
      seed: { type: 'string' },
      json: { type: 'string' },
      'drop-db': { type: 'boolean' },
      'keep-catalog': { type: 'boolean' },
      database: { type: 'string' },
      'redis-url': { type: 'string' },
      port: { type: 'string' },
      kinds: { type: 'string' },
    },
    USAGE,
  );
  const big = args.number('big', 1_000_000, { min: 0, integer: true })!;
  const requests = args.number('requests', 30, { min: 1, integer: true })!;
  const warmup = args.number('warmup', 3, { min: 0, integer: true })!;
  const perKind = args.number('queries', 5, { min: 1, integer: true })!;
  const database = args.string('database');
  if (database) DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${database}`;
  const redisUrl = args.string('redis-url');
  const port = args.number('port', 0, { min: 0, integer: true }) || undefined;
  const seed = args.number('seed', 1, { integer: true })!;
  const jsonPath = args.string('json');
  const kinds = args.string('kinds')?.split(',');
  const unknownKind = kinds?.find((k) => !(SEARCH_KINDS as readonly string[]).includes(k));
  if (unknownKind) throw new Error(`--kinds: unknown kind "${unknownKind}" (kinds: ${SEARCH_KINDS.join(', ')})`);
  requireBuild();

  const loadAtStart = os.loadavg().map((l) => round(l, 2));
  const runId = new Date().toISOString().replace(/[:.]/g, '-');
  const dataDir = path.join(REPO_ROOT, 'bench-data');
  const logDir = path.join(dataDir, 'logs', `search-${runId}`);
  log(`load average at start ${loadAtStart.join(' ')} (${os.cpus().length} cpus)`);

  const manifest = await generateCatalog({ sizeBytes: CATALOG_BYTES, seed: 1, outDir: dataDir });
  log(`bench catalog: ${manifest.valid_products} valid products of ${manifest.products} (seed 1)`);
  const stack = await startStack({
    cleanup,
    logDir,
    withWorker: true,
    keepDb: !args.flag('drop-db'),
    log,
    databaseUrl: DATABASE_URL,
    queuePrefix: QUEUE_PREFIX,
    port,
    ...(redisUrl && { extraEnv: { REDIS_URL: redisUrl } }),
  });

  // 1. The bench catalog through the upload API, until searchable.
  const [catalogTenant] = await createTenants([`bench-search-catalog-${runId}`], stack.cliEnv, 1);
  if (args.flag('keep-catalog')) log(`--keep-catalog: organization ${catalogTenant.organizationId} stays`);
  else
    cleanup.add('delete the bench catalog organization', () =>
      withClient(DATABASE_URL, (c) => c.query('DELETE FROM organizations WHERE id = $1', [catalogTenant.organizationId])),
    );
  const importClient = new ImportClient(stack.baseUrl, catalogTenant);
  const upload = await importClient.upload(manifest.file);
  const imported = await importClient.waitForTerminal(upload.jobId, upload.acceptedAt, { timeoutMs: 900_000, isAlive: stack.deadService });
  if (imported.job.status !== 'done') throw new Error(`bench catalog import ended ${imported.job.status}`);
  const searchable = await measureSearchable(
    DATABASE_URL,
    catalogTenant.organizationId,
    {
      accepted_at: new Date(Date.now() - (performance.now() - upload.acceptedAt)).toISOString(),
      completed_at: imported.job.completed_at ?? null,
    },
    1_800_000,
  );
  const searchableAfterS = searchable?.lag_s ?? null;
  // Timings while the worker still indexes would measure the indexing, not the search.
  if (searchableAfterS === null) throw new Error('the bench catalog was not searchable 30 minutes after its import was done');
  log(`bench catalog imported: done ${fmt(imported.seconds)} s after the 202, searchable ${fmt(searchableAfterS)} s after done`);
  // An older build (BENCH_SERVICE_ROOT) may have neither: its searches are timed once it is searchable.
  if (!process.env.BENCH_SERVICE_ROOT) {
    log(
      `statistics, GIN pending lists and vocabulary walk done ${fmt(await waitForSettledCatalog(DATABASE_URL, catalogTenant.organizationId, 600_000))} s later`,
    );
  } else {
    await flushGinPendingLists(DATABASE_URL);
    log('GIN pending lists flushed by the bench (the older build has no such pass)');
  }

  // 2. The large organization, written with COPY and indexed by the worker's start-up sweep.
  const bigBuild = big > 0 ? await largeOrganization(stack, big, seed, args.flag('reuse')) : null;

  // 3. Sequential timings.
  const cases = searchCases(perKind, seed).filter((c) => !kinds || kinds.includes(c.kind));
  const organizations: OrganizationResult[] = [];
  const targets: Array<[string, Tenant, number, number]> = [
    [`bench catalog (${manifest.valid_products} products)`, catalogTenant, manifest.valid_products, GOAL_BENCH_P95_MS],
  ];
  if (bigBuild) targets.push([`large organization (${big} products)`, bigBuild.tenant, big, GOAL_BIG_P95_MS]);
  for (const [name, tenant, products, goal] of targets) {
    organizations.push(await timeOrganization(stack, name, tenant, products, goal, cases, warmup, requests));
  }

  const result = {
    catalog: {
      products: manifest.valid_products,
      import_done_s: round(imported.seconds, 3),
      searchable_after_done_s: searchableAfterS,
    },
    big: bigBuild && { products: big, ...bigBuild.figures },
    requests_per_query: requests,
    warmup_per_query: warmup,
    queries_per_kind: perKind,
    organizations,
    machine: { ...machineInfo(), load_avg_at_start: loadAtStart, postgres: await postgresVersion(DATABASE_URL) },
    config: { database: DATABASE_URL, logs: path.relative(REPO_ROOT, logDir), started: runId },
  };

  for (const org of organizations) printOrganization(org);
  printTable('Runs', [
    ['bench catalog import (done / searchable after done)', `${fmt(result.catalog.import_done_s)} s / ${fmt(searchableAfterS)} s`],
    ...(bigBuild
      ? ([
          [
            `large organization (${big} products)`,
            bigBuild.figures.reused ? 'reused' : `COPY ${fmt(bigBuild.figures.copy_s, 1)} s`,
            bigBuild.figures.index_s !== null
              ? `indexed by the worker in ${fmt(bigBuild.figures.index_s, 1)} s (${fmt(bigBuild.figures.index_rate_per_s, 0)} products/s)`
              : '',
          ],
        ] as Row[])
      : []),
    ['load average at start / end', `${loadAtStart.join(' ')} / ${result.machine.load_avg.join(' ')}`, `${result.machine.cpus} cpus`],
  ]);
  if (jsonPath) {
    await writeJson(jsonPath, result);
    log(`wrote ${jsonPath}`);
  }
});

/** Builds (or with --reuse finds) the large organization and has the worker index it; a fresh token for it either way. */
async function largeOrganization(stack: ServiceStack, size: number, seed: number, reuse: boolean) {
  const name = `bench-search-big-${size}-seed${seed}`;
  const found = await withClient(DATABASE_URL, (c) => findOrganization(c, name));
  const usable = reuse ? found.find((o) => o.products === size) : undefined;
  let organizationId: string;
  let copyS: number | null = null;
  let tenant: Tenant;
  if (usable) {
    organizationId = usable.organizationId;
    log(`--reuse: organization ${name} (${organizationId}) holds ${size} products, ${usable.pending} pending`);
    tenant = await createAccess(organizationId, name, stack.cliEnv);
  } else {
    if (found.length > 0) {
      log(`deleting ${found.length} earlier organization(s) named ${name}`);
      await withClient(DATABASE_URL, (c) => c.query('DELETE FROM organizations WHERE name = $1', [name]));
    }
    [tenant] = await createTenants([name], stack.cliEnv, 1);
    organizationId = tenant.organizationId;
    // The worker is stopped so the indexing is timed from its start-up sweep alone.
    await stack.worker?.stop();
    log(`writing ${size} generated products (seed ${seed}) into ${organizationId} with COPY`);
    copyS = await withClient(DATABASE_URL, (c) => copyProducts(c, organizationId, size, seed));
    log(`COPY + pending rows: ${fmt(copyS, 1)} s (${fmt(size / copyS, 0)} products/s); ANALYZE`);
    await withClient(DATABASE_URL, (c) => c.query('ANALYZE products; ANALYZE product_search_pending'));
  }
  const pendingAtStart = await withClient(DATABASE_URL, (c) => unsearchableProducts(c, organizationId));
  let indexS: number | null = null;
  if (pendingAtStart > 0) {
    const started = performance.now();
    await stack.restartWorker();
    log(`worker restarted; waiting for its start-up sweep to index ${pendingAtStart} products`);
    indexS = await withClient(DATABASE_URL, async (c) => {
      let lastLog = performance.now();
      for (;;) {
        const pending = await unsearchableProducts(c, organizationId);
        if (pending === 0) return (performance.now() - started) / 1000;
        const dead = stack.deadService();
        if (dead) throw new Error(dead);
        if (performance.now() - lastLog > 30_000) {
          log(`  ${pending} pending after ${fmt((performance.now() - started) / 1000, 0)} s`);
          lastLog = performance.now();
        }
        await sleep(500);
      }
    });
    log(`indexed ${pendingAtStart} products in ${fmt(indexS, 1)} s (${fmt(pendingAtStart / indexS, 0)} products/s)`);
    await withClient(DATABASE_URL, (c) => c.query('ANALYZE product_search; ANALYZE search_vocabulary'));
  }
  return {
    tenant,
    figures: {
      reused: usable !== undefined,
      copy_s: copyS === null ? null : round(copyS, 2),
      index_s: indexS === null ? null : round(indexS, 2),
      index_rate_per_s: indexS === null ? null : Math.round(pendingAtStart / indexS),
    },
  };
}

async function timeOrganization(
  stack: ServiceStack,
  name: string,
  tenant: Tenant,
  products: number,
  goal: number,
  cases: ReturnType<typeof searchCases>,
  warmup: number,
  requests: number,
): Promise<OrganizationResult> {
  const live = new SequentialTimer(stack.baseUrl, null);
  const timer = new SequentialTimer(stack.baseUrl, basicAuth(tenant));
  const liveCase = { kind: 'exact' as const, label: 'GET /health/live', method: 'GET' as const, path: '/health/live' };
  log(`${name}: timing ${cases.length} queries, ${warmup} + ${requests} requests each, one at a time`);
  const liveSamples = [...(await live.time(liveCase, warmup * 10, requests * 5)).samples_ms];
  const timed: Array<[SearchKind, TimedCase]> = [];
  for (const c of cases) timed.push([c.kind, await timer.time(c, warmup, requests)]);
  liveSamples.push(...(await live.time(liveCase, 0, requests * 5)).samples_ms);
  const liveSummary = summarise(liveSamples);
  const timedKinds = SEARCH_KINDS.filter((kind) => timed.some(([k]) => k === kind));
  const kinds = timedKinds.map((kind): KindResult => {
    const mine = timed.filter(([k]) => k === kind).map(([, t]) => t);
    const summary = summarise(mine.flatMap((t) => t.samples_ms));
    return {
      kind,
      ...summary,
      ratio_p95_over_live: liveSummary.p95_ms > 0 ? round(summary.p95_ms / liveSummary.p95_ms, 1) : null,
      goal_p95_ms: goal,
      pass: summary.p95_ms <= goal,
      queries: mine.map((t) => {
        const s = summarise(t.samples_ms);
        return { label: t.label, results: t.results, p50_ms: s.p50_ms, p95_ms: s.p95_ms, max_ms: s.max_ms };
      }),
    };
  });
  return { organization: name, products, live: liveSummary, kinds, load_avg_after: os.loadavg().map((l) => round(l, 2)) };
}

function printOrganization(org: OrganizationResult): void {
  const rows: Row[] = [
    ['kind', 'p50 / p95 / max ms', 'p95 ÷ live   goal'],
    ['GET /health/live (baseline)', `${fmt(org.live.p50_ms)} / ${fmt(org.live.p95_ms)} / ${fmt(org.live.max_ms)}`, `1.0`],
  ];
  for (const k of org.kinds) {
    const empty = k.queries.filter((q) => q.results === 0).length;
    rows.push([
      k.kind,
      `${fmt(k.p50_ms)} / ${fmt(k.p95_ms)} / ${fmt(k.max_ms)}`,
      `${fmt(k.ratio_p95_over_live, 1).padStart(5)}   p95 ≤ ${k.goal_p95_ms} ms ${k.pass ? 'PASS' : 'FAIL'}${empty ? `  (${empty} of ${k.queries.length} queries found nothing)` : ''}`,
    ]);
  }
  printTable(`${org.organization}: sequential requests (load average after ${org.load_avg_after.join(' ')})`, rows);
}
