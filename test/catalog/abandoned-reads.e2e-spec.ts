import request from 'supertest';
import { DataSource } from 'typeorm';
import { AuthAdminService } from '../../src/auth/auth-admin.service';
import { ReadEndedError } from '../../src/database/read-scope/read-scope';
import { ReadBudgetService } from '../../src/reads/read-budget.service';
import { READING_WINDOW_MS } from '../../src/reads/read-slots';
import { expectErrorShape } from '../support/assertions';
import { authed } from '../support/authed';
import { eventually } from '../support/eventually';
import { basic, createCaller, type TestCaller } from '../support/factories';
import { lockTables, type TableLock } from '../support/table-lock';
import { UCP_META } from '../support/ucp-catalog';
import { createTestApp, type TestApp } from '../support/test-app';

const PER_ACCOUNT = 2;
const PER_ORGANIZATION = 2;
const PER_PROCESS = 3;
const READ_ONLY = ['accounts--my:ro' as const];

/**
 * A read's client may leave at any time: its statement is cancelled, and no query of its work runs
 * afterwards (on any connection). Reads are counted per account, organization and process.
 */
describe('Abandoned reads and read limits per organization and process', () => {
  let t: TestApp;
  let lock: TableLock | undefined;

  beforeAll(async () => {
    t = await createTestApp({
      // No import runs here; the worker's background statements would queue on the tests' table locks.
      worker: false,
      config: (c) => ({
        ...c,
        // Long enough that only a cancel ends a statement waiting on the lock within the tests' 3 s.
        reads: {
          ...c.reads,
          statementTimeoutMs: 60_000,
          inFlightPerAccount: PER_ACCOUNT,
          inFlightPerOrganization: PER_ORGANIZATION,
          inFlightPerProcess: PER_PROCESS,
        },
      }),
    });
  });
  afterEach(async () => {
    await lock?.release();
    lock = undefined;
  });
  afterAll(() => t.close());

  const products = (caller: TestCaller | string) => authed(t.http, caller).get('/v1/catalogs/products?limit=5');

  /** Another read-only account of the same organization. */
  async function colleague(of: TestCaller): Promise<string> {
    const admin = t.app.get(AuthAdminService);
    const account = await admin.createAccount(of.organizationId);
    const token = await admin.createToken({ accountId: account.id, scopes: READ_ONLY });
    return basic(account.id, token.token);
  }

  /** The account id of Basic credentials. */
  const accountOf = (auth: string): string =>
    Buffer.from(auth.replace(/^Basic /, ''), 'base64')
      .toString('utf8')
      .split(':')[0];

  it('cancels the statement of a REST read whose client disconnects, while the lock it waits on is still held', async () => {
    const reader = await createCaller(t.app, { scopes: READ_ONLY });
    lock = await lockTables(t.app, ['products', 'product_search']);
    const read = products(reader);
    const gone = read.then(
      () => 'answered',
      () => 'aborted',
    );
    await eventually('the read to wait on the lock', async () => (await lock!.waiting()) === 1, { timeoutMs: 10_000 });
    read.abort();
    await expect(gone).resolves.toBe('aborted');
    // Without the cancel the statement would wait for the lock (never released before this passes; the read
    // timeout is 60 s): 10 s leaves a loaded machine time to run the cancel on an ordinary connection.
    await eventually('the abandoned statement to be cancelled', async () => (await lock!.waiting()) === 0, { timeoutMs: 10_000 });
    await lock.release();
    await products(reader).expect(200); // its slot came back
  });

  it('cancels the running statement of an MCP tool call whose client disconnects', async () => {
    const reader = await createCaller(t.app, { scopes: READ_ONLY });
    lock = await lockTables(t.app, ['products', 'product_search']);
    const call = request(t.http)
      .post('/mcp')
      .set({ Authorization: reader.auth, Accept: 'application/json, text/event-stream' })
      .send({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search_catalog', arguments: { meta: UCP_META, catalog: { query: 'wool' } } },
      });
    const gone = call.then(
      () => 'answered',
      () => 'aborted',
    );
    await eventually('the tool call to wait on the lock', async () => (await lock!.waiting()) === 1, { timeoutMs: 10_000 });
    call.abort();
    await expect(gone).resolves.toBe('aborted');
    await eventually('the abandoned statement to be cancelled', async () => (await lock!.waiting()) === 0, { timeoutMs: 10_000 });
  });

  it('runs no query of a read after it was aborted: refused, never on another connection', async () => {
    const dataSource = t.app.get(DataSource);
    const scope = t.app.get(ReadBudgetService).openScope();
    const pid = 'SELECT pg_backend_pid() AS pid';
    const [{ pid: own }] = (await scope.run(() => dataSource.query(pid))) as Array<{ pid: number }>;
    const sleeping = scope
      .run(() => dataSource.query('SELECT pg_sleep(30)'))
      .then(
        () => 'finished',
        (error: unknown) => error,
      );
    await eventually(
      'the statement to run',
      async () => {
        const rows = (await dataSource.query(
          `SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND query LIKE '%pg_sleep(30)%' AND state = 'active'`,
          [own],
        )) as unknown[];
        return rows.length === 1;
      },
      { timeoutMs: 5_000 },
    );
    const started = Date.now();
    await scope.abort();
    expect(await sleeping).toMatchObject({ driverError: expect.objectContaining({ code: '57014' }) }); // query_canceled
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect(scope.run(() => dataSource.query(pid))).rejects.toBeInstanceOf(ReadEndedError);
    await expect(scope.run(() => dataSource.manager.transaction((manager) => manager.query(pid)))).rejects.toBeInstanceOf(ReadEndedError);
  });

  it(`refuses a read beyond READS_IN_FLIGHT_PER_ORGANIZATION (429) whatever the account, and beyond _PER_PROCESS (503); served once slots are free`, async () => {
    const first = await createCaller(t.app, { scopes: READ_ONLY });
    const second = await colleague(first);
    const other = await createCaller(t.app, { scopes: READ_ONLY });
    const third = await createCaller(t.app, { scopes: READ_ONLY });
    // Reads in flight held in the process's own read slots (the ones every read route takes) rather than
    // by reads waiting on a table lock: in the full suite that way the test once hung 60 s with the lock
    // held (the tests above keep real reads on a lock, for cancellation).
    const budget = t.app.get(ReadBudgetService);
    const reader = (caller: TestCaller | string, organizationId: string) => ({
      accountId: typeof caller === 'string' ? accountOf(caller) : caller.accountId,
      organizationId,
    });
    // The tests above read in other organizations: once their reading window is over, this organization reads alone and has its whole limit.
    await new Promise((resolve) => setTimeout(resolve, READING_WINDOW_MS + 50));
    const held = [budget.tryAcquire(reader(first, first.organizationId)), budget.tryAcquire(reader(second, first.organizationId))];
    try {
      for (const slot of held) expect(typeof slot).toBe('function');
      const refused = await products(second); // its account has one slot left; its organization none
      expect(expectErrorShape(refused, 429, 'rate_limited')).toMatch(`organization already has its share of reads in progress`);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

      held.push(budget.tryAcquire(reader(other, other.organizationId)));
      expect(typeof held[2]).toBe('function');
      const full = await products(third);
      expect(expectErrorShape(full, 503, 'unavailable')).toMatch(`already runs ${PER_PROCESS} reads`);
      expect(Number(full.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      for (const slot of held) if (typeof slot === 'function') slot();
    }
    await products(third).expect(200);
    await products(second).expect(200);
  });
});
