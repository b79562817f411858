import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bull';
import type { Job, Queue } from 'bull';
import Redis from 'ioredis';
import request from 'supertest';
import { ImportMetricsService } from '../../src/imports/queue/import-metrics.service';
import { IMPORT_QUEUE, type ImportQueuePayload } from '../../src/imports/queue/import-queue.constants';
import { TEST_QUEUE_PREFIX, TEST_REDIS_URL } from '../setup/test-database';
import { query } from '../support/database';
import { createTestApp, type TestApp } from '../support/test-app';
import { eventually } from '../support/eventually';

interface ReadyBody {
  status: string;
  queue: { prefix: string; prefix_source: string; deployment_id: string };
}

async function deploymentIdOf(t: TestApp): Promise<string> {
  const rows = await query<{ deployment_id: string }>(t.app, 'SELECT deployment_id FROM service_identity');
  expect(rows).toHaveLength(1);
  return rows[0].deployment_id;
}

const queueOf = (t: TestApp) => t.app.get<Queue<ImportQueuePayload>>(getQueueToken(IMPORT_QUEUE));

describe('Queue namespace (deployments sharing one Redis)', () => {
  describe('prefix resolution', () => {
    it('defaults to pds:<deployment id of this database>, reported by /health/ready and used by Bull', async () => {
      const t = await createTestApp({ worker: false, config: (c) => ({ ...c, queuePrefixOverride: null }) });
      try {
        const deploymentId = await deploymentIdOf(t);
        expect(deploymentId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        const ready = await request(t.metrics).get('/health/ready').expect(200);
        expect((ready.body as ReadyBody).queue).toEqual({
          prefix: `pds:${deploymentId}`,
          prefix_source: 'deployment',
          deployment_id: deploymentId,
        });
        expect((ready.body as ReadyBody).status).toBe('ok');
        expect(queueOf(t).toKey('wait')).toBe(`pds:${deploymentId}:${IMPORT_QUEUE}:wait`);
      } finally {
        await t.close();
      }
    });

    it('uses QUEUE_PREFIX when set; the deployment id stays the one the database holds across boots', async () => {
      const first = await createTestApp({ worker: false });
      let firstId: string;
      try {
        firstId = await deploymentIdOf(first);
        const ready = await request(first.metrics).get('/health/ready').expect(200);
        expect((ready.body as ReadyBody).queue).toEqual({
          prefix: TEST_QUEUE_PREFIX,
          prefix_source: 'QUEUE_PREFIX',
          deployment_id: firstId,
        });
        expect(queueOf(first).toKey('wait')).toBe(`${TEST_QUEUE_PREFIX}:${IMPORT_QUEUE}:wait`);
      } finally {
        await first.close();
      }
      const second = await createTestApp({ worker: false, config: (c) => ({ ...c, queuePrefixOverride: null }) });
      try {
        expect(await deploymentIdOf(second)).toBe(firstId);
      } finally {
        await second.close();
      }
    });
  });

  describe('a worker given a job its database does not hold', () => {
    const prefix = `${TEST_QUEUE_PREFIX}:foreign-e2e`;
    let t: TestApp;
    let queue: Queue<ImportQueuePayload>;
    let metrics: ImportMetricsService;
    const foreignCount = async () => (await metrics.foreignJobs.get()).values[0]?.value ?? 0;

    beforeAll(async () => {
      t = await createTestApp({ config: (c) => ({ ...c, queuePrefixOverride: prefix }) });
      queue = queueOf(t);
      metrics = t.app.get(ImportMetricsService);
    });
    afterAll(async () => {
      await t.close();
      const redis = new Redis(TEST_REDIS_URL);
      try {
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length > 0) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    });

    const add = (deploymentId: string): Promise<Job<ImportQueuePayload>> => {
      const importJobId = randomUUID();
      return queue.add({ importJobId, organizationId: randomUUID(), deploymentId }, { jobId: importJobId });
    };

    it('completes a job this deployment queued whose row was deleted since, without counting it foreign', async () => {
      const before = await foreignCount();
      const job = await add(await deploymentIdOf(t));
      await expect(job.finished()).resolves.toBe('already-finished');
      expect(await foreignCount()).toBe(before);
    });

    it("hands another deployment's job back to the queue, counted, without using its attempts", async () => {
      const before = await foreignCount();
      const job = await add(randomUUID());
      // Two deliveries (1 s apart): each counted, neither completes the job or spends an attempt.
      await eventually('delivered twice', async () => (await foreignCount()) >= before + 2);
      const seen = await queue.getJob(job.id);
      expect(seen).not.toBeNull();
      expect(['delayed', 'waiting', 'active']).toContain(await seen!.getState());
      expect(seen!.attemptsMade).toBe(0);
      expect(seen!.finishedOn ?? null).toBeNull();
    });
  });
});
