import type { INestApplication } from '@nestjs/common';
import { SearchIndexerService } from '../../src/catalog/indexing/search-indexer.service';
import type { ImportJobDto } from '../../src/imports/dto/import-job.dto';
import request from 'supertest';
import type { App } from 'supertest/types';
import { DataSource } from 'typeorm';
import { authed } from './authed';
import { eventually } from './eventually';

export type JobBody = ImportJobDto;

export async function upload(http: App, auth: string, content: string | Buffer, fileName = 'catalog.json'): Promise<string> {
  const response = await authed(http, auth)
    .post('/v1/catalogs/imports')
    .attach('file', Buffer.isBuffer(content) ? content : Buffer.from(content), fileName);
  if (response.status !== 202) throw new Error(`upload answered ${response.status}: ${JSON.stringify(response.body)}`);
  return (response.body as { job_id: string }).job_id;
}

export async function getJob(http: App, auth: string, jobId: string): Promise<JobBody> {
  const response = await authed(http, auth).get(`/v1/catalogs/imports/${jobId}`).expect(200);
  return response.body as JobBody;
}

/** Polls the status endpoint until the job is done or failed; every poll is passed to `onPoll`. */
export async function waitForJob(
  http: App,
  auth: string,
  jobId: string,
  options: { timeoutMs?: number; onPoll?: (job: JobBody) => void } = {},
): Promise<JobBody> {
  let status = 'unknown';
  return eventually(
    () => `job ${jobId} to end (still ${status})`,
    async () => {
      const job = await getJob(http, auth, jobId);
      options.onPoll?.(job);
      status = job.status;
      return (job.status === 'done' || job.status === 'failed') && job;
    },
    { timeoutMs: options.timeoutMs ?? 30_000 },
  );
}

export function products(
  count: number,
  make: (i: number) => Record<string, unknown> = (i) => ({ id: `p-${i}`, title: `Product ${i}` }),
): string {
  return JSON.stringify(Array.from({ length: count }, (_, i) => make(i)));
}

/**
 * Full-text search follows `done`: the worker computes search vectors after the batches commit
 * (docs/operations.md, "Search after an import"; metric import_search_lag_seconds). Polls the public search
 * until `q` finds `count` products, and returns that page.
 */
export async function waitForSearch(http: App, auth: string, q: string, count: number, timeoutMs = 15_000): Promise<request.Response> {
  let found = 0;
  return eventually(
    () => `search "${q}" to find ${count} products (found ${found})`,
    async () => {
      const page = await authed(http, auth)
        .get(`/v1/catalogs/products?q=${encodeURIComponent(q)}&limit=100`)
        .expect(200);
      found = (page.body as { data: unknown[] }).data.length;
      return found === count && page;
    },
    { timeoutMs },
  );
}

/**
 * Full-text search and the filters see an import's products once the search indexer has taken
 * them (after `done`). Waits, in-process, until a pass of the organization's indexer has found
 * nothing pending: deterministic where polling a query would only be likely.
 */
export async function waitForIndexing(app: INestApplication, organizationId: string): Promise<void> {
  if (!(await app.get(SearchIndexerService).request(organizationId)))
    throw new Error(`search indexing of ${organizationId} did not complete`);
}

/** Waits until the worker has recomputed the organization's catalog counts after its latest change (catalog_overview). */
export async function waitForCatalogStats(app: INestApplication, organizationId: string, timeoutMs = 15_000): Promise<void> {
  const dataSource = app.get(DataSource);
  await eventually(
    `the catalog counts of ${organizationId} to be recomputed`,
    async () => {
      const [row] = (await dataSource.query(`SELECT computed_version = version AS fresh FROM catalog_stats WHERE organization_id = $1`, [
        organizationId,
      ])) as Array<{ fresh: boolean | null }>;
      return row?.fresh === true;
    },
    { timeoutMs, intervalMs: 100 },
  );
}
