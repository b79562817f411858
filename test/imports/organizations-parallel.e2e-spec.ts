import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { IMPORT_QUEUE } from '../../src/imports/queue/import-queue.constants';
import { query } from '../support/database';
import { createCaller } from '../support/factories';
import { products, upload, waitForJob } from '../support/imports';
import { createTestApp } from '../support/test-app';
import { eventually } from '../support/eventually';

/**
 * docs/api-contract.md: one import per organization at a time, but different organizations' imports run in
 * parallel (WORKER_CONCURRENCY, default 2). Proven by seeing both jobs `processing` at once.
 */
describe('Imports of different organizations', () => {
  it('run in parallel: both are processing at the same moment', async () => {
    // Small batches make each import long (hundreds of commits), so the overlap is not a race.
    const t = await createTestApp({ config: (c) => ({ ...c, worker: { ...c.worker, concurrency: 2, batchSize: 20 } }) });
    try {
      const [a, b] = [await createCaller(t.app), await createCaller(t.app)];
      const queue = t.app.get<Queue>(getQueueToken(IMPORT_QUEUE));
      await queue.pause(true); // both jobs wait, then the two worker slots take them together
      let jobs: string[];
      try {
        jobs = [await upload(t.http, a.auth, products(3000)), await upload(t.http, b.auth, products(3000))];
      } finally {
        await queue.resume(true);
      }
      await eventually(
        'both imports processing at the same moment',
        async () => {
          const rows = await query<{ status: string }>(t.app, 'SELECT status FROM import_jobs WHERE id = ANY($1)', [jobs]);
          if (rows.every((row) => row.status === 'processing')) return true;
          if (rows.some((row) => row.status === 'done' || row.status === 'failed')) {
            throw new Error(`an import ended before both were processing: ${rows.map((row) => row.status).join(', ')}`);
          }
          return false;
        },
        { timeoutMs: 60_000, intervalMs: 20 },
      );
      const [doneA, doneB] = [
        await waitForJob(t.http, a.auth, jobs[0], { timeoutMs: 120_000 }),
        await waitForJob(t.http, b.auth, jobs[1], { timeoutMs: 120_000 }),
      ];
      expect([doneA.status, doneA.indexed_count, doneB.status, doneB.indexed_count]).toEqual(['done', 3000, 'done', 3000]);
      // The intervals overlap: each started before the other completed.
      expect(Date.parse(doneA.started_at!)).toBeLessThan(Date.parse(doneB.completed_at!));
      expect(Date.parse(doneB.started_at!)).toBeLessThan(Date.parse(doneA.completed_at!));
    } finally {
      await t.close();
    }
  }, 180_000);
});
