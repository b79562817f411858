/**
 * The search route's fixed cost against its floors, in one run on one machine: a one-word search
 * of a small catalog against pgbench running the equivalent ranked top-20 statement on a table of
 * the same rows, and an id lookup against GET /health/live. Interleaved rounds, medians, ratios.
 *
 *   npm run bench:fixed-cost -- [--connections 8] [--duration 10] [--rounds 2] [--json bench-fixed-cost.json]
 */
import { writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseCommandLine } from './lib/args';
import { backendCpuRateDuring } from './lib/backend-cpu-rate';
import { postgresVersion, withClient } from '../tools/harness/bench-db';
import { generateCatalogOf } from './lib/catalog-of-size';
import { Cleanup, runMain } from './lib/cleanup';
import { CpuMeter } from './lib/cpu';
import { ImportClient } from '../tools/harness/http/import-client';
import {
  FIXED_COST_GOALS,
  summariseRounds,
  type FixedCostRound,
  type FloorMeasurement,
  type HttpMeasurement,
  type HttpSummary,
} from './lib/fixed-cost-summary';
import { runLoad } from './lib/load';
import { pgbenchVersion, runPgbench } from './lib/pgbench';
import { REPO_ROOT } from '../tools/harness/repo';
import { fmt, logger, machineInfo, printTable, round, writeJson, type Row } from './lib/report';
import { requireBuild } from './lib/require-build';
import { createSearchFloor, FLOOR_TABLE, floorMatches, floorSearchSql } from './lib/search-floor';
import { startStack } from './lib/service-stack';
import { waitForSettledCatalog } from '../tools/harness/settled';
import { createTenants } from './lib/tenants';

const USAGE = `Usage: npm run bench:fixed-cost -- [options]
  --connections N   clients of every measurement: autocannon connections, pgbench clients (default 8)
  --duration S      seconds per measurement (default 10)
  --warmup S        one unmeasured run of each measurement before the rounds (default 5)
  --rounds N        rounds of the four measurements, interleaved (default 2); medians are reported
  --products N      about how many products the catalog holds (default 1000)
  --json PATH       also write the results as JSON
  --keep-db         keep the bench database, the organization and the floor table afterwards`;

/** A word about 5 % of the generated products have in their title (the common word of bench:scale). */
const WORD = 'sweater';
const CATALOG_SEED = 1;
const ID_LOOKUP_IDS = 16;

const cleanup = new Cleanup();
const log = logger('bench:fixed-cost');

void runMain(cleanup, async () => {
  const args = parseCommandLine(
    {
      connections: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      rounds: { type: 'string' },
      products: { type: 'string' },
      json: { type: 'string' },
      'keep-db': { type: 'boolean' },
    },
    USAGE,
  );
  const connections = args.number('connections', 8, { min: 1, integer: true })!;
  const durationS = args.number('duration', 10, { min: 1, integer: true })!;
  const warmupS = args.number('warmup', 5, { min: 0, integer: true })!;
  const rounds = args.number('rounds', 2, { min: 1, integer: true })!;
  const products = args.number('products', 1000, { min: 20, integer: true })!;
  const jsonPath = args.string('json');
  const keepDb = args.flag('keep-db');
  requireBuild();
  const pgbench = await pgbenchVersion();

  const runId = new Date().toISOString().replace(/[:.]/g, '-');
  const dataDir = path.join(REPO_ROOT, 'bench-data');
  const logDir = path.join(dataDir, 'logs', `fixed-cost-${runId}`);

  const manifest = await generateCatalogOf(products, CATALOG_SEED, path.join(dataDir, 'fixed-cost'));
  log(`catalog: ${manifest.valid_products} valid products of ${manifest.products} elements, ${manifest.bytes.toLocaleString('en')} bytes`);
  const stack = await startStack({ cleanup, logDir, withWorker: true, keepDb, log });
  const [tenant] = await createTenants([`bench-fixed-cost-${runId}`], stack.cliEnv, 1, (t) =>
    stack.createdOrganizations.push(t.organizationId),
  );
  const client = new ImportClient(stack.baseUrl, tenant);
  const upload = await client.upload(manifest.file);
  const { job } = await client.waitForTerminal(upload.jobId, upload.acceptedAt, { timeoutMs: 300_000, isAlive: stack.deadService });
  if (job.status !== 'done' || job.indexed_count !== manifest.valid_products)
    throw new Error(`import ended ${job.status} with ${job.indexed_count} indexed, expected ${manifest.valid_products}`);
  // Searches are timed as served after the worker's passes (indexing, statistics, GIN pending lists, vocabulary).
  const settledS = await waitForSettledCatalog(stack.databaseUrl, tenant.organizationId, 300_000);
  log(`imported ${job.indexed_count} products, settled ${fmt(settledS, 1)} s after done; stopping the worker`);
  await stack.worker!.stop();

  // Floor A: the same rows in a table of their own, and the statement pgbench runs.
  if (!keepDb) cleanup.add('drop floor table', () => withClient(stack.databaseUrl, (c) => c.query(`DROP TABLE IF EXISTS ${FLOOR_TABLE}`)));
  const floor = await withClient(stack.databaseUrl, async (c) => {
    const rows = await createSearchFloor(c, tenant.organizationId);
    const matches = await floorMatches(c, tenant.organizationId, WORD);
    const ids = await c.query<{ product_id: string }>(
      'SELECT product_id FROM products WHERE organization_id = $1 ORDER BY md5(product_id) LIMIT $2',
      [tenant.organizationId, ID_LOOKUP_IDS],
    );
    return { rows, matches, ids: ids.rows.map((r) => r.product_id) };
  });
  const floorSql = floorSearchSql(tenant.organizationId, WORD);
  const scriptFile = path.join(logDir, 'floor-search.sql');
  await writeFile(scriptFile, floorSql);
  log(`${FLOOR_TABLE}: ${floor.rows} rows, "${WORD}" matches ${floor.matches}; pgbench script ${path.relative(REPO_ROOT, scriptFile)}`);

  const headers = { authorization: client.authorization };
  const searchPath = `/v1/catalogs/products?q=${WORD}`;
  const idPaths = floor.ids.map((id) => `/v1/catalogs/products/${encodeURIComponent(id)}`);
  const found = (await probe(`${stack.baseUrl}${searchPath}`, headers)) as { data?: unknown[]; total_count?: number };
  if (!found.data?.length) throw new Error(`${searchPath} found nothing: ${JSON.stringify(found).slice(0, 300)}`);
  for (const p of idPaths) await probe(`${stack.baseUrl}${p}`, headers);
  log(`${searchPath}: ${found.data.length} products on page 1 of ${found.total_count}; ${idPaths.length} ids answer 200`);

  const threads = Math.min(2, connections);
  const http = async (
    name: string,
    urlPath: string,
    seconds: number,
    options: { auth: boolean; paths?: string[] },
  ): Promise<HttpMeasurement> => {
    const meter = await new CpuMeter(stack.databaseUrl, [stack.api.pid]).start();
    const result = await runLoad(stack.baseUrl, urlPath, {
      connections,
      durationS: seconds,
      headers: options.auth ? headers : undefined,
      paths: options.paths,
    });
    const cpu = await meter.stop();
    // A fast error is not a fast route.
    if (result.non_2xx || result.errors || result.timeouts)
      throw new Error(
        `${name}: ${result.non_2xx} non-2xx ${JSON.stringify(result.status_codes)}, ${result.errors} errors, ${result.timeouts} timeouts`,
      );
    const perRequest = (s: number) => (result.requests_total ? round((s * 1000) / result.requests_total, 3) : null);
    return { ...result, api_cpu_ms_per_request: perRequest(cpu.services[0]), db_cpu_ms_per_request: perRequest(cpu.database) };
  };
  const measure = {
    searchFloor: async (s: number): Promise<FloorMeasurement> => {
      const run = () => runPgbench(stack.databaseUrl, scriptFile, { clients: connections, threads, durationS: s });
      const { result, cpu_s_per_s } = await backendCpuRateDuring(stack.databaseUrl, 'pgbench', run);
      return { ...result, db_cpu_ms_per_transaction: cpu_s_per_s === null ? null : round((cpu_s_per_s * 1000) / result.tps, 3) };
    },
    searchRoute: (s: number) => http('search route', searchPath, s, { auth: true }),
    idFloor: (s: number) => http('health/live', '/health/live', s, { auth: false }),
    idRoute: (s: number) => http('id lookup', '/v1/catalogs/products/{product_id}', s, { auth: true, paths: idPaths }),
  };

  if (warmupS > 0) {
    log(`warm-up: ${warmupS} s of each`);
    for (const run of Object.values(measure)) await run(warmupS);
  }
  const loadAvgStart = os.loadavg().map((l) => round(l, 2));
  const series: FixedCostRound[] = [];
  for (let r = 1; r <= rounds; r++) {
    log(`round ${r}/${rounds}: pgbench, search route, /health/live, id lookup, ${durationS} s each, ${connections} clients`);
    const searchFloor = await measure.searchFloor(durationS);
    const searchRoute = await measure.searchRoute(durationS);
    const idFloor = await measure.idFloor(durationS);
    const idRoute = await measure.idRoute(durationS);
    series.push({ searchFloor, searchRoute, idFloor, idRoute });
    log(
      `  ${fmt(searchFloor.tps, 0)} tps / ${fmt(searchRoute.requests_per_s, 0)} req/s; ${fmt(idFloor.requests_per_s, 0)} / ${fmt(idRoute.requests_per_s, 0)} req/s`,
    );
  }
  const loadAvgEnd = os.loadavg().map((l) => round(l, 2));

  const { medians, ratios, met: goalMet } = summariseRounds(series);

  const perRound = (values: number[]) => values.map((v) => fmt(v, 0)).join(' / ');
  const latency = (m: HttpSummary) =>
    `p50 ${fmt(m.latency_p50_ms, 0)} / p99 ${fmt(m.latency_p99_ms, 0)} ms, CPU per request: api ${fmt(m.api_cpu_ms_per_request)} ms, db ${fmt(m.db_cpu_ms_per_request)} ms`;
  const verdict = (met: boolean, goal: number) => `goal >= ${goal}: ${met ? 'PASS' : 'FAIL'}`;
  const rows: Row[] = [
    ['', 'per s', 'rounds; latency'],
    [
      `A floor: pgbench, ranked top 20 (${series[0].searchFloor.query_mode} protocol)`,
      fmt(medians.search_floor.tps, 0),
      `${perRound(series.map((x) => x.searchFloor.tps))}; average ${fmt(medians.search_floor.latency_avg_ms, 2)} ms, CPU per statement: db ${fmt(medians.search_floor.db_cpu_ms_per_transaction)} ms`,
    ],
    [
      `A route: GET ${searchPath}`,
      fmt(medians.search_route.requests_per_s, 0),
      `${perRound(series.map((x) => x.searchRoute.requests_per_s))}; ${latency(medians.search_route)}`,
    ],
    [
      'A ratio search / pgbench',
      fmt(ratios.search_over_pgbench, 3),
      `${verdict(goalMet.search, FIXED_COST_GOALS.search)} (rounds ${ratios.per_round.map((x) => fmt(x.search_over_pgbench, 3)).join(' / ')})`,
    ],
    [
      'B floor: GET /health/live',
      fmt(medians.id_floor.requests_per_s, 0),
      `${perRound(series.map((x) => x.idFloor.requests_per_s))}; ${latency(medians.id_floor)}`,
    ],
    [
      `B route: GET /v1/catalogs/products/{id} (${idPaths.length} ids)`,
      fmt(medians.id_route.requests_per_s, 0),
      `${perRound(series.map((x) => x.idRoute.requests_per_s))}; ${latency(medians.id_route)}`,
    ],
    [
      'B ratio id lookup / live',
      fmt(ratios.id_lookup_over_live, 3),
      `${verdict(goalMet.id, FIXED_COST_GOALS.id)} (rounds ${ratios.per_round.map((x) => fmt(x.id_lookup_over_live, 3)).join(' / ')})`,
    ],
    ['catalog', floor.rows, `products; "${WORD}" matches ${floor.matches} in the floor, total_count ${found.total_count} in the route`],
    ['load average start -> end', `${loadAvgStart.join(' ')}`, `-> ${loadAvgEnd.join(' ')} (1/5/15 min)`],
    ['machine', `${os.cpus().length} cpus`, `node ${process.version}, ${pgbench}; autocannon and pgbench run on this machine too`],
  ];
  printTable(`Fixed cost (${connections} clients, ${durationS} s each, medians of ${rounds} interleaved rounds)`, rows);

  if (jsonPath) {
    await writeJson(jsonPath, {
      connections,
      duration_s: durationS,
      warmup_s: warmupS,
      rounds,
      word: WORD,
      catalog: { seed: CATALOG_SEED, valid_products: manifest.valid_products, bytes: manifest.bytes, floor_rows: floor.rows },
      floor_statement: floorSql.trim(),
      pgbench_protocol: series[0].searchFloor.query_mode,
      search_total_count: found.total_count,
      floor_matches: floor.matches,
      medians,
      ratios,
      goals: { ...FIXED_COST_GOALS, met: goalMet },
      series,
      load_avg_start: loadAvgStart,
      load_avg_end: loadAvgEnd,
      service_log_issues: stack.api.grep(/\b(ERROR|WARN)\b/).slice(0, 20),
      machine: { ...machineInfo(), postgres: await postgresVersion(stack.databaseUrl), pgbench },
      config: { logs: path.relative(REPO_ROOT, logDir), started: runId },
    });
    log(`wrote ${jsonPath}`);
  }
});

/** GET that must answer 200 with JSON; returns the body. */
async function probe(url: string, headers: Record<string, string>): Promise<unknown> {
  const response = await fetch(url, { headers });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}
