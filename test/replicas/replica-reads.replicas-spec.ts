import type { Client } from 'pg';
import { eventually } from '../support/eventually';
import { type Answer, CatalogCalls, catalog, ids } from './support/catalog-calls';
import { catalogScans, tableScans } from './support/replica-statistics';
import { type Api, MAX_LAG_MS, PROBE_INTERVAL_MS, ReplicaStack, type Tenant } from './support/replica-stack';
import { growth, scrape, series } from './support/service-metrics';

/**
 * How long reads may fail after the replica dies: the connections it drops (and queries running on
 * them) fail at once; a new connection is refused at once and the replica is skipped; a probe
 * notices within PROBE_INTERVAL_MS. One second covers both with room for a loaded machine.
 */
const FAILURE_WINDOW_MS = 1_000 + PROBE_INTERVAL_MS;

describe('Reads on a streaming replica (DATABASE_REPLICA_URLS)', () => {
  let stack: ReplicaStack;
  let main: CatalogCalls;
  let patient: CatalogCalls;
  let a: Tenant;
  let b: Tenant;
  let primaryDb: Client;
  let replicaDb: Client;

  const replicaTarget = () => `{target="${stack.replicaLabel}"}`;

  /** Which database served the reads `work` made through `api` (database_reads_total growth by target). */
  const targetsOf = async (api: Api, work: () => Promise<unknown>): Promise<Record<string, number>> => {
    const before = await scrape(api.metricsPort);
    await work();
    return growth(before, await scrape(api.metricsPort), 'database_reads_total');
  };

  const setReplay = async (state: 'pause' | 'resume') => {
    await replicaDb.query(state === 'pause' ? 'SELECT pg_wal_replay_pause()' : 'SELECT pg_wal_replay_resume()');
    const wanted = state === 'pause' ? 'paused' : 'not paused';
    await eventually(
      `replay ${wanted}`,
      async () => (await replicaDb.query('SELECT pg_get_wal_replay_pause_state() AS s')).rows[0].s === wanted,
    );
  };

  /** Until `api` sends a read of `tenant` to the replica again. */
  const servedByReplicaAgain = (api: Api, calls: CatalogCalls, tenant: Tenant) =>
    eventually(
      `${api.name} reading on the replica`,
      async () => (await targetsOf(api, () => calls.product(tenant, `${tenant === a ? 'a' : 'b'}-3`)))[replicaTarget()] === 1,
      { timeoutMs: 30_000, intervalMs: 100 },
    );

  beforeAll(async () => {
    stack = await ReplicaStack.start();
    main = new CatalogCalls(stack.main.baseUrl);
    patient = new CatalogCalls(stack.patient.baseUrl);
    [a, b] = await stack.createTenants(2);
    primaryDb = await stack.connect('primary');
    replicaDb = await stack.connect('replica');
    for (const [tenant, prefix, word] of [
      [a, 'a', 'alpha'],
      [b, 'b', 'bravo'],
    ] as const) {
      const job = await main.upload(tenant, catalog(prefix, word, 40));
      expect((await main.waitForJob(tenant, job)).status).toBe('done');
      await eventually(`${word} searchable`, async () => ids(await main.search(tenant, word)).length === 20, { timeoutMs: 30_000 });
    }
    await servedByReplicaAgain(stack.main, main, a);
    await servedByReplicaAgain(stack.patient, patient, b);
  }, 240_000);

  afterAll(async () => {
    await primaryDb?.end();
    await replicaDb?.end().catch(() => undefined);
    await stack?.stop();
  });

  it('serves searches, facets, product reads, UCP and MCP catalog tools from the replica (its own statistics), job status from the primary', async () => {
    const rounds = 8;
    const answers: Answer[] = [];
    const replicaBefore = await catalogScans(replicaDb);
    const replicaJobScansBefore = await tableScans(replicaDb, 'import_jobs');
    const targets = await targetsOf(stack.main, async () => {
      for (let i = 0; i < rounds; i++) {
        answers.push(
          await main.search(a, 'alpha'),
          await main.facets(a, 'alpha'),
          await main.product(a, 'a-3'),
          await main.ucpSearch(a, 'alpha widget'),
          await main.mcpSearch(a, 'alpha widget'),
        );
      }
    });
    expect(answers.map((answer) => answer.status)).toEqual(Array(rounds * 5).fill(200));
    expect(answers[2].body.title).toBe('alpha widget 3');
    expect(answers[4].body.result).toMatchObject({ structuredContent: { products: expect.any(Array) } });
    // Every one of them on the replica, none on the primary.
    expect(targets).toEqual({ [replicaTarget()]: rounds * 5 });
    // The replica's own counters saw them (a standby flushes its statistics within seconds), and
    // job status never reaches the replica.
    await eventually(
      'the reads in the replica statistics',
      async () => {
        const grown = (await catalogScans(replicaDb)) - replicaBefore;
        return grown >= rounds * 5 && grown;
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
    const job = await main.upload(b, catalog('b', 'bravo', 40));
    const polled = await main.jobStatus(b, job);
    expect(polled.status).toBe(200);
    await main.waitForJob(b, job);
    expect(await tableScans(replicaDb, 'import_jobs')).toBe(replicaJobScansBefore);
  });

  it('keeps reads behind the client’s writes with replay paused: the job is pollable at once, the finished import never stale, its products searchable', async () => {
    await servedByReplicaAgain(stack.patient, patient, a);
    await setReplay('pause');
    try {
      const before = await scrape(stack.patient.metricsPort);
      const next = catalog('a', 'alpha', 40)
        .filter((product) => product.id !== 'a-2')
        .map((product) => (product.id === 'a-1' ? { ...product, title: 'quasar lantern' } : product));
      const jobId = await patient.upload(a, next, 'replace');
      // Pollable at once although the replica has not even replayed the job's row.
      expect((await patient.jobStatus(a, jobId)).status).toBe(200);
      expect((await replicaDb.query('SELECT 1 FROM import_jobs WHERE id = $1', [jobId])).rowCount).toBe(0);
      expect(await patient.waitForJob(a, jobId)).toMatchObject({ status: 'done' });

      // The replica still has the old rows; the client never sees them.
      const onReplica = await replicaDb.query<{ product_id: string; title: string }>(
        `SELECT product_id, data->>'title' AS title FROM products WHERE organization_id = $1 AND product_id IN ('a-1', 'a-2') ORDER BY 1`,
        [a.organizationId],
      );
      expect(onReplica.rows).toEqual([
        { product_id: 'a-1', title: 'alpha widget 1' },
        { product_id: 'a-2', title: 'alpha widget 2' },
      ]);
      const changed = await patient.product(a, 'a-1');
      expect([changed.status, changed.body.title]).toEqual([200, 'quasar lantern']);
      expect((await patient.product(a, 'a-2')).status).toBe(404);
      expect(ids(await patient.search(a, 'alpha widget 2'))).not.toContain('a-2');
      await eventually('the changed product searchable', async () => ids(await patient.search(a, 'quasar')).join() === 'a-1', {
        timeoutMs: 30_000,
        intervalMs: 200,
      });
      // The fence sent them to the primary (this API's lag bound is never reached)...
      const fallbacks = growth(before, await scrape(stack.patient.metricsPort), 'replica_fallbacks_total');
      expect(Object.keys(fallbacks).every((reason) => /behind_write|write_in_progress/.test(reason))).toBe(true);
      expect(fallbacks['{reason="behind_write"}']).toBeGreaterThan(0);
      // ...while another organization, with nothing newer than the replica, still reads there.
      expect(await targetsOf(stack.patient, () => patient.product(b, 'b-3'))).toEqual({ [replicaTarget()]: 1 });
    } finally {
      await setReplay('resume');
    }
    await servedByReplicaAgain(stack.patient, patient, a);
    expect((await patient.product(a, 'a-1')).body.title).toBe('quasar lantern');
  });

  it(`skips a replica lagging more than REPLICA_MAX_LAG_MS (${MAX_LAG_MS} ms) and returns to it once it caught up`, async () => {
    await servedByReplicaAgain(stack.main, main, b);
    await setReplay('pause');
    let writing = true;
    try {
      // Nothing written since the pause: the replica is not behind, and serves.
      expect(await targetsOf(stack.main, () => main.product(b, 'b-3'))).toEqual({ [replicaTarget()]: 1 });
      // Writes the replica cannot replay; none is the organization's, so only the lag can turn its reads away.
      await primaryDb.query('CREATE TABLE IF NOT EXISTS lag_ticks (at timestamptz)');
      const ticking = (async () => {
        while (writing) {
          await primaryDb.query('INSERT INTO lag_ticks VALUES (now())');
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      const before = await scrape(stack.main.metricsPort);
      await eventually(
        'a lag above the bound in replica_lag_seconds',
        async () =>
          series(await scrape(stack.main.metricsPort), 'replica_lag_seconds', { replica: stack.replicaLabel }) > MAX_LAG_MS / 1000,
        { timeoutMs: 15_000, intervalMs: 100 },
      );
      const answer = await main.product(b, 'b-3');
      expect(answer.status).toBe(200);
      const after = await scrape(stack.main.metricsPort);
      expect(growth(before, after, 'replica_fallbacks_total')).toEqual({ '{reason="lagging"}': 1 });
      expect(growth(before, after, 'database_reads_total')).toEqual({ '{target="primary"}': 1 });
      writing = false;
      await ticking;
    } finally {
      writing = false;
      await setReplay('resume');
    }
    await servedByReplicaAgain(stack.main, main, b);
    expect(series(await scrape(stack.main.metricsPort), 'replica_lag_seconds', { replica: stack.replicaLabel })).toBeLessThanOrEqual(
      MAX_LAG_MS / 1000,
    );
  });

  it('keeps answering while the replica is killed and restarted mid-traffic: no 5xx outside the failure window, nothing lost', async () => {
    const started = Date.now();
    const log: Array<{ at: number; status: number; what: string }> = [];
    let running = true;
    const reader = async (tenant: Tenant, word: string) => {
      for (let i = 0; running; i++) {
        const call =
          i % 3 === 0
            ? main.search(tenant, word)
            : i % 3 === 1
              ? main.product(tenant, `${tenant === a ? 'a' : 'b'}-5`)
              : main.ucpSearch(tenant, word);
        const answer = await call.catch(() => ({ status: 0, body: {} }));
        log.push({ at: Date.now() - started, status: answer.status, what: `${i % 3} ${JSON.stringify(answer.body).slice(0, 200)}` });
      }
    };
    const readers = [reader(a, 'alpha'), reader(b, 'bravo'), reader(a, 'quasar')];
    // However the test ends, the readers stop: left running they would spin on a stopped stack and keep Jest from exiting.
    const stopReaders = async () => {
      running = false;
      await Promise.all(readers);
    };
    let killedAt: number;
    let stoppedAt: number;
    let duringOutage: Record<string, number>;
    const before = await scrape(stack.main.metricsPort);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      killedAt = Date.now() - started;
      await stack.replica.stop('immediate');
      stoppedAt = Date.now() - started;
      // An import while the replica is down: the primary keeps the writes, the replica gets them on its return.
      const jobId = await main.upload(b, [
        ...catalog('b', 'bravo', 40),
        { id: 'b-new', title: 'bravo newcomer', price: { amount: 5, currency: 'EUR' } },
      ]);
      expect((await main.waitForJob(b, jobId)).status).toBe('done');
      expect((await main.product(b, 'b-new')).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      duringOutage = growth(before, await scrape(stack.main.metricsPort), 'database_reads_total');
      await stack.replica.start();
      await replicaDb.end().catch(() => undefined);
      replicaDb = await stack.connect('replica');
      // The readers' own reads back on the replica (they run alongside, so counts are not exact here).
      await eventually(
        'api-main reading on the replica again under traffic',
        async () => ((await targetsOf(stack.main, () => new Promise((resolve) => setTimeout(resolve, 200))))[replicaTarget()] ?? 0) > 0,
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } finally {
      await stopReaders();
    }
    // Alone now: a read of the tenant that imported during the outage goes to the replica (it replayed past the fence).
    await servedByReplicaAgain(stack.main, main, b);

    const failures = log.filter((entry) => entry.status !== 200);
    const outsideWindow = failures.filter((entry) => entry.at < killedAt || entry.at > stoppedAt + FAILURE_WINDOW_MS);
    expect(outsideWindow).toEqual([]);
    // Inside the window only 503 `unavailable` (a dropped connection), never a 500.
    expect(failures.filter((entry) => entry.status !== 503)).toEqual([]);
    expect(log.filter((entry) => entry.at > stoppedAt + FAILURE_WINDOW_MS).length).toBeGreaterThan(20);
    process.stdout.write(
      `[replicas] ${log.length} reads; replica killed at ${killedAt} ms (stopped ${stoppedAt} ms); ` +
        `${failures.length} answered 503 within ${FAILURE_WINDOW_MS} ms of it; reads by target meanwhile ${JSON.stringify(duringOutage)}\n`,
    );
    // Reads ran on the primary while the replica was down...
    expect(duringOutage['{target="primary"}']).toBeGreaterThan(0);
    const fallbacks = growth(before, await scrape(stack.main.metricsPort), 'replica_fallbacks_total');
    expect((fallbacks['{reason="down"}'] ?? 0) + (fallbacks['{reason="connect_failed"}'] ?? 0)).toBeGreaterThan(0);
    // ...and nothing is lost: the restarted replica replayed the import made while it was down.
    await eventually(
      'the import made during the outage on the replica',
      async () =>
        (await replicaDb.query(`SELECT 1 FROM products WHERE organization_id = $1 AND product_id = 'b-new'`, [b.organizationId]))
          .rowCount === 1,
      { timeoutMs: 15_000, intervalMs: 200 },
    );
    expect((await main.product(b, 'b-new')).body.title).toBe('bravo newcomer');
  });
});
