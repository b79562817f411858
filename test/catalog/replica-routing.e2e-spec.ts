import request from 'supertest';
import { ReplicaFencesService } from '../../src/database/replicas/replica-fences.service';
import { ReplicaRouterService } from '../../src/database/replicas/replica-router.service';
import { MetricsService } from '../../src/common/metrics/metrics.service';
import { TEST_DATABASE_URL } from '../setup/test-database';
import { eventually } from '../support/eventually';
import { createCaller, type TestCaller } from '../support/factories';
import { products, upload, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The routing and fences against the real PostgreSQL and Redis, without a standby (the replica
 * suite, `npm run test:replicas`, has one): a "replica" URL naming the primary itself is never used,
 * and each write moves its organization's fence.
 */
describe('Read replicas without a standby (DATABASE_REPLICA_URLS naming the primary)', () => {
  let t: TestApp;
  let caller: TestCaller;
  let fences: ReplicaFencesService;

  const fenceOf = async (organizationId: string): Promise<bigint> => {
    const fence = await fences.check(organizationId);
    if (!('lsn' in fence)) throw new Error(`no fence position: ${JSON.stringify(fence)}`);
    return fence.lsn;
  };

  const counter = async (name: string, label: string): Promise<number> => {
    const metric = (await t.app.get(MetricsService).registry.getMetricsAsJSON()).find((m) => m.name === name);
    const values = (metric?.values ?? []) as Array<{ labels: Record<string, string>; value: number }>;
    return values.filter((v) => Object.values(v.labels).includes(label)).reduce((sum, v) => sum + v.value, 0);
  };

  beforeAll(async () => {
    t = await createTestApp({
      config: (config) => ({
        ...config,
        replicas: { urls: [TEST_DATABASE_URL], fences: true, maxLagMs: 5_000, probeIntervalMs: 100 },
      }),
    });
    caller = await createCaller(t.app);
    fences = t.app.get(ReplicaFencesService);
  });

  afterAll(() => t.close());

  it('never reads on a server that is not a standby: it is marked down and reads fall back to the primary', async () => {
    const router = t.app.get(ReplicaRouterService);
    await router.probeOnce();
    expect(router.health()).toEqual([expect.objectContaining({ up: false })]);
    // Reported on the operations port, never a reason for "not ready".
    const ready = await request(t.metrics).get('/health/ready').expect(200);
    expect(ready.body).toMatchObject({ status: 'ok', replicas: [{ up: false, lag_ms: null, replayed_lsn: null }] });
    const fallbacks = await counter('replica_fallbacks_total', 'down');
    const primaryReads = await counter('database_reads_total', 'primary');
    await request(t.http).get('/v1/catalogs/products?q=anything').set('Authorization', caller.auth).expect(200);
    expect(await counter('replica_fallbacks_total', 'down')).toBe(fallbacks + 1);
    expect(await counter('database_reads_total', 'primary')).toBe(primaryReads + 1);
    // Job status is not a replica read: it is not counted at all.
    const jobId = await upload(t.http, caller.auth, products(2));
    await waitForJob(t.http, caller.auth, jobId);
    expect(await counter('database_reads_total', 'primary')).toBe(primaryReads + 1);
  });

  it("moves the organization's fence with its import and its writes through the API, and no other's", async () => {
    const other = await createCaller(t.app);
    expect(await fenceOf(caller.organizationId)).toBeGreaterThan(0n); // the previous test's import
    const otherBefore = await fenceOf(other.organizationId);
    const beforeImport = await fenceOf(caller.organizationId);
    await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, products(3)));
    const afterImport = await fenceOf(caller.organizationId);
    expect(afterImport).toBeGreaterThan(beforeImport);
    await request(t.http).delete('/v1/catalogs/products/p-0').set('Authorization', caller.auth).expect(204);
    // The fence is recorded before the answer leaves.
    expect(await fenceOf(caller.organizationId)).toBeGreaterThan(afterImport);
    expect(await fenceOf(other.organizationId)).toBe(otherBefore);
  });

  it('pins the organization to the primary while a write that must be seen commits, and never lowers the fence', async () => {
    const seen = await fences.around(caller.organizationId, async () => fences.check(caller.organizationId));
    expect(seen).toEqual({ primary: 'write_in_progress' });
    const after = await fenceOf(caller.organizationId);
    // Concurrent writers record in any order: the fence keeps the highest position.
    await Promise.all(Array.from({ length: 5 }, () => fences.advance(caller.organizationId)));
    expect(await fenceOf(caller.organizationId)).toBeGreaterThanOrEqual(after);
    await eventually('no pin left', async () => 'lsn' in (await fences.check(caller.organizationId)));
  });
});
