import type { ImportClient, ImportJobStatus, WaitResult } from '../../tools/harness/http/import-client';
import type { CpuMeter } from './cpu';
import { round } from './report';

export interface ExpectedCounts {
  total: number;
  indexed: number;
  failed: number;
  skipped: number;
}

export interface PhaseResult {
  name: string;
  job_id: string;
  upload_s: number;
  import_s: number;
  /** Server side: completed_at - started_at. */
  processing_s: number | null;
  /** CPU seconds of the API, the worker and the bench database's backends from 202 to done (null when not measured). */
  cpu_s: number | null;
  /** cpu_s split into [api, worker] and the database backends. */
  cpu_split: { api: number; worker: number; database: number } | null;
  /** The job's completed_at (ISO), for the search lag. */
  completed_at: string | null;
  /** When the client had the 202 (ISO, this machine's clock), for the time until searchable. */
  accepted_at: string;
  /** 202 -> started_at (queue pickup; wall clocks of one machine). */
  queue_wait_s: number | null;
  /** Approximate scan pass: first poll seeing processing -> first poll seeing total > 0 (100 ms resolution). */
  scan_s_approx: number | null;
  status: ImportJobStatus['status'];
  total: number;
  indexed_count: number;
  failed_count: number;
  skipped_count: number;
  polls: number;
  poll_errors: string[];
  problems: string[];
}

/** Checks the finished job against the counters the generator knows to be right. */
export function checkCounts(name: string, job: ImportJobStatus, expected: ExpectedCounts): string[] {
  const problems: string[] = [];
  if (job.status !== 'done') problems.push(`${name}: job ${job.job_id} ended "${job.status}" (expected done)`);
  const sum = job.indexed_count + job.failed_count + job.skipped_count;
  if (sum !== job.total) problems.push(`${name}: indexed+failed+skipped = ${sum} != total ${job.total}`);
  if (job.progress !== job.indexed_count + job.failed_count)
    problems.push(`${name}: progress ${job.progress} != indexed+failed ${job.indexed_count + job.failed_count}`);
  const pairs: [string, number, number][] = [
    ['total', job.total, expected.total],
    ['indexed_count', job.indexed_count, expected.indexed],
    ['failed_count', job.failed_count, expected.failed],
    ['skipped_count', job.skipped_count, expected.skipped],
  ];
  for (const [field, actual, wanted] of pairs) if (actual !== wanted) problems.push(`${name}: ${field} = ${actual}, expected ${wanted}`);
  if (!job.started_at || !job.completed_at) problems.push(`${name}: started_at/completed_at missing at ${job.status}`);
  return problems;
}

export function phaseFromWait(
  name: string,
  upload: { jobId: string; seconds: number; acceptedWallMs: number },
  wait: WaitResult,
  expected: ExpectedCounts,
): PhaseResult {
  const { job } = wait;
  const started = job.started_at ? Date.parse(job.started_at) : null;
  const completed = job.completed_at ? Date.parse(job.completed_at) : null;
  return {
    name,
    job_id: upload.jobId,
    upload_s: round(upload.seconds),
    import_s: round(wait.seconds),
    processing_s: started !== null && completed !== null ? round((completed - started) / 1000) : null,
    completed_at: job.completed_at,
    accepted_at: new Date(upload.acceptedWallMs).toISOString(),
    cpu_s: null,
    cpu_split: null,
    queue_wait_s: started !== null ? round((started - upload.acceptedWallMs) / 1000) : null,
    scan_s_approx:
      wait.firstProcessingAt !== null && wait.firstCountedAt !== null
        ? round((wait.firstCountedAt - wait.firstProcessingAt) / 1000, 1)
        : null,
    status: job.status,
    total: job.total,
    indexed_count: job.indexed_count,
    failed_count: job.failed_count,
    skipped_count: job.skipped_count,
    polls: wait.polls,
    poll_errors: wait.pollErrors.slice(0, 5),
    problems: [
      ...checkCounts(name, job, expected),
      ...(wait.pollErrors.length ? [`${name}: ${wait.pollErrors.length} status polls failed, first: ${wait.pollErrors[0]}`] : []),
    ],
  };
}

/** Upload, then poll every 100 ms until terminal. */
export async function runImportPhase(
  name: string,
  client: ImportClient,
  file: string,
  expected: ExpectedCounts,
  options: { timeoutMs: number; deadService: () => string | null; cpu?: () => CpuMeter },
): Promise<PhaseResult> {
  const upload = await client.upload(file);
  const acceptedWallMs = Date.now();
  const meter = await options.cpu?.().start();
  const wait = await client.waitForTerminal(upload.jobId, upload.acceptedAt, {
    intervalMs: 100,
    timeoutMs: options.timeoutMs,
    isAlive: options.deadService,
  });
  const cpu = meter ? await meter.stop() : null;
  return {
    ...phaseFromWait(name, { ...upload, acceptedWallMs }, wait, expected),
    cpu_s: cpu?.total ?? null,
    cpu_split: cpu ? { api: cpu.services[0], worker: cpu.services[1], database: cpu.database } : null,
  };
}
