import { DataSource } from 'typeorm';
import { importRowsOf, openTransactions } from '../support/bad-input/checks';
import { contentType, filePart, multipartBody } from '../support/bad-input/multipart';
import { listen, RawConnection, requestHead } from '../support/bad-input/raw-http';
import { createCaller } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';
import { eventually } from '../support/eventually';

/**
 * Stalled uploads must not starve other clients of database connections (docs/security.md: upload slots).
 * Its own spec and app (default request timeout of minutes): the uploads stay stalled for the
 * whole test however slow this machine is, so no time bound is needed.
 */
describe('Upload slots and the database pool', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The process-wide cap is under test: one account opens every upload, so its own slots are lifted,
    // and the minimum upload rate is off so the stalled uploads are not aborted mid-test.
    t = await createTestApp({
      worker: false,
      config: (c) => ({ ...c, uploads: { ...c.uploads, slotsPerAccount: 64, slotsPerOrganization: 64, minBytesPerSecond: 0 } }),
    });
  });
  afterAll(() => t?.close());

  it('keeps serving other clients while as many uploads as the database pool has connections are stalled', async () => {
    const port = await listen(t.app);
    const poolSize = (t.app.get(DataSource).options.extra as { max: number }).max;
    const caller = await createCaller(t.app);
    const reader = await createCaller(t.app, { scopes: ['accounts--my:ro'] });
    const body = multipartBody([filePart(JSON.stringify([{ id: 'p-1', title: 'Product 1' }]))]);
    const uploads: RawConnection[] = [];
    try {
      for (let i = 0; i < poolSize; i++) {
        const connection = await RawConnection.open(port);
        await connection.write(
          requestHead('POST', '/v1/catalogs/imports', [
            `Authorization: ${caller.auth}`,
            `Content-Type: ${contentType()}`,
            `Content-Length: ${body.length}`,
          ]),
        );
        await connection.write(body.subarray(0, 60)); // then nothing more
        uploads.push(connection);
      }
      // Every upload is either answered (refused: no slot) or holding its transaction open.
      const answered = () => uploads.filter((c) => c.response() !== null);
      const settled = await eventually(
        () => `every upload answered or holding a transaction (${poolSize})`,
        async () => {
          const now = { answered: answered().length, holding: await openTransactions(t.app) };
          return now.answered + now.holding === poolSize && now;
        },
        { timeoutMs: 30_000 },
      );
      expect(settled.answered + settled.holding).toBe(poolSize);
      expect(settled.holding).toBeGreaterThanOrEqual(1);
      for (const refused of answered()) expect(refused.response()?.status).toBe(503);

      const read = await authed(t.http, reader).get('/v1/catalogs');
      expect(read.status).toBe(200);
      // Served while those uploads were still stalled: none was answered or closed meanwhile.
      const stalled = uploads.filter((c) => c.response() === null);
      expect(stalled.filter((c) => c.socket.destroyed)).toEqual([]);
      expect(stalled).toHaveLength(settled.holding);
      // The read's own transaction ends just after its answer (the read scope closes on completion).
      await eventually(
        'the stalled uploads hold their transactions, and no other is open',
        async () => (await openTransactions(t.app)) === settled.holding,
        {
          timeoutMs: 5_000,
        },
      );
    } finally {
      for (const connection of uploads) connection.destroy();
    }
    await eventually('open upload transactions = 0', async () => (await openTransactions(t.app)) === 0, { timeoutMs: 5_000 });
    expect(await importRowsOf(t.app, caller.organizationId)).toEqual({ jobs: 0, chunks: 0, errors: 0 });
  }, 60_000);
});
