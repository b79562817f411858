import type { ApiClient } from './api/api-client';
import { isTerminal, type ImportJob } from './api/types';

export interface WaitOptions {
  /** Pause between two status polls. 429/503 answers are retried after their Retry-After instead. */
  intervalMs: number;
  onJob?: (job: ImportJob) => void;
  sleep?: (ms: number) => Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls GET /v1/catalogs/imports/{id} until the job is `done` or `failed`. */
export async function waitForJob(client: ApiClient, jobId: string, options: WaitOptions): Promise<ImportJob> {
  for (;;) {
    const job = await client.getJob(jobId);
    options.onJob?.(job);
    if (isTerminal(job.status)) return job;
    await (options.sleep ?? sleep)(options.intervalMs);
  }
}
