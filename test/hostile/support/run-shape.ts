import Redis from 'ioredis';
import { withClient } from '../../../tools/harness/bench-db';
import type { ServiceProcess } from '../../../tools/harness/service-process';
import {
  ERROR_DETAILS_LIMIT,
  FALLBACK_SHAPE_TIMEOUT_MS,
  HOSTILE_DATABASE_URL,
  HOSTILE_REDIS_URL,
  RSS_KILL_MIB,
  RSS_SAMPLE_MS,
  TIME_RATIO_LIMIT,
} from './env';
import { expectedOutcome, type ExpectedOutcome } from './expected-outcome';
import { generatedFile } from './generated-files';
import { type ErrorListing, listErrors, waitForTerminal } from './read-outcome';
import { RecordingClient } from './recording-client';
import { RssWatch } from './rss-watch';
import type { Shape } from './shapes';
import { createCaller, killNow, startWorker } from './stack';
import { type Observed, problemsOf } from './verdict';

export interface ShapeResult {
  name: string;
  title: string;
  bytes: number;
  elements: number;
  generateSeconds: number;
  expected: Omit<ExpectedOutcome, 'errorIndices'>;
  status: string | null;
  failureType: string | null;
  counters: { total: number; indexed: number; failed: number; skipped: number } | null;
  productCount: number | null;
  errorRows: number | null;
  maxErrorsPerRow: number | null;
  maxErrorsPageBytes: number | null;
  /** 202 → done/failed. */
  seconds: number;
  ratio: number | null;
  peakRssMib: number;
  requests: number;
  problems: string[];
}

export interface RunContext {
  baseUrl: string;
  api: ServiceProcess;
  /** The realistic catalog's import time in this run (null while measuring it, or when it failed). */
  baselineSeconds: number | null;
}

/**
 * One shape end to end through the public interface: generate (or reuse) the file, a fresh
 * organization and a fresh worker, upload, poll to done/failed while sampling the worker's RSS,
 * read `/errors` and the catalog, and compare everything with the generator's expectation.
 */
export async function runShape(shape: Shape, context: RunContext): Promise<ShapeResult> {
  const file = await generatedFile(shape);
  const expected = expectedOutcome(shape, file);
  const client = new RecordingClient(context.baseUrl, await createCaller(shape.name));
  const worker = await startWorker(`worker-${shape.name}`);
  const watch = new RssWatch(worker, RSS_SAMPLE_MS, RSS_KILL_MIB).start();
  const timeoutMs =
    context.baselineSeconds === null ? FALLBACK_SHAPE_TIMEOUT_MS : context.baselineSeconds * 1000 * TIME_RATIO_LIMIT + 15_000;

  let jobId: string | null = null;
  let wait: Awaited<ReturnType<typeof waitForTerminal>>;
  try {
    const accepted = await client.upload(file.file);
    jobId = accepted.jobId;
    wait = await waitForTerminal(client, jobId, accepted.acceptedAt, timeoutMs, [context.api, worker]);
  } catch (error) {
    wait = { job: null, seconds: 0, gaveUp: `upload: ${(error as Error).message.slice(0, 300)}` };
  }
  const peakRssMib = watch.stop();
  const killedBySuite = watch.killedAtMib !== null ? worker : null;
  const exited = [context.api, worker].filter((service) => !service.running && service !== killedBySuite).map((service) => service.name);

  let errors: ErrorListing | null = null;
  let productCount: number | null = null;
  if (wait.job && jobId && context.api.running) {
    errors = await listErrors(client, jobId, ERROR_DETAILS_LIMIT);
    // GET /v1/catalogs reports the maintained counts: wait for the worker's recompute after the job.
    await statsRecomputed(jobId);
    productCount = (await client.getJson<{ product_count: number }>('/v1/catalogs')).product_count;
  }
  if (jobId && !wait.job) await abandon(jobId, worker);
  await worker.stop();

  const seen: Observed = {
    job: wait.job,
    gaveUp: wait.gaveUp,
    seconds: wait.seconds,
    baselineSeconds: context.baselineSeconds,
    errors,
    productCount,
    peakRssMib,
    killedAtMib: watch.killedAtMib,
    serverErrors: client.serverErrors,
    exited,
  };
  const job = wait.job;
  const { errorIndices: _indices, ...expectedSummary } = expected;
  return {
    name: shape.name,
    title: shape.title,
    bytes: file.bytes,
    elements: file.elements,
    generateSeconds: file.generateSeconds,
    expected: expectedSummary,
    status: job?.status ?? null,
    failureType: errors?.failureType ?? null,
    counters: job ? { total: job.total, indexed: job.indexed_count, failed: job.failed_count, skipped: job.skipped_count } : null,
    productCount,
    errorRows: errors ? errors.indices.length : null,
    maxErrorsPerRow: errors ? errors.maxEntries : null,
    maxErrorsPageBytes: errors ? errors.maxPageBytes : null,
    seconds: wait.seconds,
    ratio: context.baselineSeconds ? wait.seconds / context.baselineSeconds : null,
    peakRssMib,
    requests: client.requests,
    problems: problemsOf(expected, seen),
  };
}

/**
 * A job the suite gave up on must not run on behind the next shape's back (skewing its RSS and
 * time): its worker is killed, its row deleted (so no reconciler re-queues it) and the suite's
 * own Redis database emptied (its Bull job with it).
 */
async function abandon(jobId: string, worker: ServiceProcess): Promise<void> {
  await killNow(worker);
  await withClient(HOSTILE_DATABASE_URL, (client) => client.query('DELETE FROM import_jobs WHERE id = $1', [jobId]));
  const redis = new Redis(HOSTILE_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
  try {
    await redis.connect();
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}

/** Waits (up to 15 s) until the catalog counts of the job's organization are recomputed (catalog_stats). */
async function statsRecomputed(jobId: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const fresh = await withClient(HOSTILE_DATABASE_URL, async (client) => {
      const { rows } = await client.query<{ fresh: boolean | null }>(
        `SELECT s.computed_version = s.version AS fresh FROM catalog_stats s JOIN import_jobs j ON j.organization_id = s.organization_id WHERE j.id = $1`,
        [jobId],
      );
      return rows[0]?.fresh === true;
    });
    if (fresh) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
