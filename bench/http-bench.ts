/**
 * HTTP benchmark: autocannon against
 * GET /v1/catalogs/imports/{job_id} (Basic auth), the MCP tool search_catalog (POST /mcp, one
 * stateless JSON-RPC tools/call per request, on a catalog of --catalog-mib) and GET /health/live,
 * same run, same connections, one API process.
 *
 *   npm run bench:http -- [--connections 10] [--duration 10] [--json bench-http.json]
 */
import * as path from 'node:path';
import { parseCommandLine } from './lib/args';
import { postgresVersion } from '../tools/harness/bench-db';
import { Cleanup, runMain } from './lib/cleanup';
import { generateCatalog } from '../tools/harness/generate-catalog';
import { ImportClient } from '../tools/harness/http/import-client';
import { runLoad, type LoadResult } from './lib/load';
import { requireBuild } from './lib/require-build';
import { REPO_ROOT } from '../tools/harness/repo';
import { fmt, logger, machineInfo, printTable, round, writeJson } from './lib/report';
import { kibToMib, readMemoryStatus } from '../tools/harness/rss';
import { startStack } from './lib/service-stack';
import { createTenants } from './lib/tenants';

const USAGE = `Usage: npm run bench:http -- [options]
  --connections N   concurrent connections (default 10)
  --duration S      seconds per endpoint (default 10)
  --warmup S        unmeasured warm-up per endpoint (default 10: past one-time costs such as Node's
                    call-site check of the deprecated Buffer() constructor, which passport-http
                    calls on every Basic authentication, made only for the first 10,000 calls)
  --pipelining N    requests in flight per connection (default 1)
  --catalog-mib N   size of the catalog search_catalog searches (default 50)
  --json PATH       also write the results as JSON
  --keep-db         keep the bench database / organization afterwards`;

const cleanup = new Cleanup();
const log = logger('bench:http');

void runMain(cleanup, async () => {
  const args = parseCommandLine(
    {
      connections: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      pipelining: { type: 'string' },
      'catalog-mib': { type: 'string' },
      json: { type: 'string' },
      'keep-db': { type: 'boolean' },
    },
    USAGE,
  );
  const connections = args.number('connections', 10, { min: 1, integer: true })!;
  const durationS = args.number('duration', 10, { min: 1 })!;
  const warmupS = args.number('warmup', 10, { min: 0 })!;
  const pipelining = args.number('pipelining', 1, { min: 1, integer: true })!;
  const catalogMiB = args.number('catalog-mib', 50, { min: 0.25 })!;
  const jsonPath = args.string('json');
  requireBuild();

  const runId = new Date().toISOString().replace(/[:.]/g, '-');
  const dataDir = path.join(REPO_ROOT, 'bench-data');
  const logDir = path.join(dataDir, 'logs', `http-${runId}`);

  // A finished job to look at: a small catalog imported by a worker, which is then stopped so
  // the API process has the machine to itself.
  const manifest = await generateCatalog({ sizeBytes: 256 * 1024, seed: 7, outDir: path.join(dataDir, 'http') });
  const searched = await generateCatalog({
    sizeBytes: Math.round(catalogMiB * 1024 * 1024),
    seed: 11,
    outDir: path.join(dataDir, 'http-search'),
  });
  const stack = await startStack({ cleanup, logDir, withWorker: true, keepDb: args.flag('keep-db'), log });
  const [tenant] = await createTenants([`bench-http-${runId}`], stack.cliEnv, 1, (t) => stack.createdOrganizations.push(t.organizationId));
  const client = new ImportClient(stack.baseUrl, tenant);
  const upload = await client.upload(manifest.file);
  const { job } = await client.waitForTerminal(upload.jobId, upload.acceptedAt, { timeoutMs: 120_000, isAlive: stack.deadService });
  const bigUpload = await client.upload(searched.file);
  const big = await client.waitForTerminal(bigUpload.jobId, bigUpload.acceptedAt, { timeoutMs: 900_000, isAlive: stack.deadService });
  log(
    `job ${job.job_id} ${job.status} (total ${job.total}); ${catalogMiB} MiB catalog ${big.job.status} (${big.job.total} elements); stopping the worker`,
  );
  await stack.worker!.stop();

  const statusPath = `/v1/catalogs/imports/${job.job_id}`;
  const headers = { authorization: client.authorization };
  const probe = await fetch(`${stack.baseUrl}${statusPath}`, { headers });
  if (probe.status !== 200) throw new Error(`GET ${statusPath} answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`);
  await probe.text();

  const mcpHeaders = { ...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const searchBody = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: 'search_catalog',
      arguments: {
        meta: { 'ucp-agent': { profile: 'https://agent.example/profile.json' } },
        catalog: { query: 'merino wool sweater', pagination: { limit: 10 } },
      },
    },
  });
  const searchProbe = await fetch(`${stack.baseUrl}/mcp`, { method: 'POST', headers: mcpHeaders, body: searchBody });
  const probeBody = (await searchProbe.json()) as { result?: { isError?: boolean; structuredContent?: { products: unknown[] } } };
  if (searchProbe.status !== 200 || !probeBody.result || probeBody.result.isError || !probeBody.result.structuredContent?.products.length) {
    throw new Error(`search_catalog probe answered ${searchProbe.status}: ${JSON.stringify(probeBody).slice(0, 300)}`);
  }

  const load = (urlPath: string, seconds: number, withAuth: boolean) =>
    runLoad(stack.baseUrl, urlPath, { connections, durationS: seconds, pipelining, headers: withAuth ? headers : undefined });
  const loadSearch = (seconds: number) =>
    runLoad(stack.baseUrl, '/mcp', { connections, durationS: seconds, pipelining, headers: mcpHeaders, body: searchBody });
  if (warmupS > 0) {
    log(`warm-up ${warmupS} s each`);
    await load('/health/live', warmupS, false);
    await load(statusPath, warmupS, true);
    await loadSearch(warmupS);
  }
  log(`GET /health/live: ${connections} connections, ${durationS} s`);
  const live = await load('/health/live', durationS, false);
  log(`GET ${statusPath}: ${connections} connections, ${durationS} s`);
  const status = await load(statusPath, durationS, true);
  log(`POST /mcp search_catalog on ${catalogMiB} MiB: ${connections} connections, ${durationS} s`);
  const search = await loadSearch(durationS);
  const apiRss = readMemoryStatus(stack.api.pid);

  const problems: string[] = [];
  for (const [name, r] of [
    ['live', live],
    ['status', status],
    ['search_catalog', search],
  ] as [string, LoadResult][]) {
    if (r.non_2xx || r.errors || r.timeouts) {
      problems.push(`${name}: ${r.non_2xx} non-2xx (${JSON.stringify(r.status_codes)}), ${r.errors} errors, ${r.timeouts} timeouts`);
    }
  }
  const result = {
    connections,
    duration_s: durationS,
    pipelining,
    live,
    status,
    search_catalog: { ...search, catalog_mib: catalogMiB, catalog_products: searched.valid_products },
    ratio_rps_status_over_live: round(status.requests_per_s / live.requests_per_s, 3),
    ratio_rps_search_catalog_over_live: round(search.requests_per_s / live.requests_per_s, 3),
    ratio_p50_status_over_live: live.latency_p50_ms > 0 ? round(status.latency_p50_ms / live.latency_p50_ms, 2) : null,
    ratio_mean_latency_status_over_live: live.latency_mean_ms > 0 ? round(status.latency_mean_ms / live.latency_mean_ms, 2) : null,
    ratio_p99_status_over_live: live.latency_p99_ms > 0 ? round(status.latency_p99_ms / live.latency_p99_ms, 2) : null,
    api_rss_mib: apiRss ? kibToMib(apiRss.rssKiB) : null,
    api_peak_rss_mib: apiRss ? kibToMib(apiRss.hwmKiB) : null,
    problems,
    service_log_issues: stack.api.grep(/\b(ERROR|WARN)\b/).slice(0, 20),
    machine: {
      ...machineInfo(),
      postgres: await postgresVersion(stack.databaseUrl),
      note: 'autocannon runs on the same machine as the API',
    },
    config: { logs: path.relative(REPO_ROOT, logDir), started: runId },
  };

  printTable(`HTTP benchmark (${connections} connections, ${durationS} s each, pipelining ${pipelining})`, [
    ['', 'req/s', 'p50 ms / p99 ms'],
    [
      'GET /health/live',
      fmt(live.requests_per_s, 0),
      `${live.latency_p50_ms} / ${live.latency_p99_ms}   (${live.requests_total} requests)`,
    ],
    [
      'GET /v1/catalogs/imports/{job_id}',
      fmt(status.requests_per_s, 0),
      `${status.latency_p50_ms} / ${status.latency_p99_ms}   (${status.requests_total} requests)`,
    ],
    [
      `MCP search_catalog (${catalogMiB} MiB catalog)`,
      fmt(search.requests_per_s, 0),
      `${search.latency_p50_ms} / ${search.latency_p99_ms}   (${search.requests_total} requests)`,
    ],
    [
      'ratio search_catalog/live (req/s)',
      fmt(result.ratio_rps_search_catalog_over_live, 3),
      `${searched.valid_products} products searched`,
    ],
    [
      'ratio status/live (req/s)',
      fmt(result.ratio_rps_status_over_live, 3),
      `latency mean x${fmt(result.ratio_mean_latency_status_over_live)}, p99 x${fmt(result.ratio_p99_status_over_live)} (autocannon latencies are whole ms)`,
    ],
    ['api rss / peak (MiB)', `${fmt(result.api_rss_mib, 1)} / ${fmt(result.api_peak_rss_mib, 1)}`],
    ['machine', `${result.machine.cpus} cpus`, `node ${process.version}`],
  ]);
  if (problems.length) process.stdout.write(`\nPROBLEMS:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
  if (jsonPath) {
    await writeJson(jsonPath, result);
    log(`wrote ${jsonPath}`);
  }
  if (problems.length) process.exitCode = 3;
});
