import request from 'supertest';
import { multipartBody, contentType, filePart } from '../support/bad-input/multipart';
import { listen, RawConnection, requestHead } from '../support/bad-input/raw-http';
import { importRowsOf } from '../support/bad-input/checks';
import { createCaller, type TestCaller } from '../support/factories';
import { expectErrorShape } from '../support/assertions';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';
import { eventually } from '../support/eventually';

const FILE = JSON.stringify([{ id: 'p-1', title: 'Product 1' }]);

/** Opens an upload and sends only the head and the first bytes of its body: it holds a slot until dropped. */
async function startUpload(port: number, caller: TestCaller): Promise<RawConnection> {
  const body = multipartBody([filePart(FILE)]);
  const connection = await RawConnection.open(port);
  await connection.write(
    requestHead('POST', '/v1/catalogs/imports', [
      `Authorization: ${caller.auth}`,
      `Content-Type: ${contentType()}`,
      `Content-Length: ${body.length}`,
    ]),
  );
  await connection.write(body.subarray(0, 60));
  return connection;
}

const upload = (t: TestApp, caller: TestCaller) =>
  authed(t.http, caller).post('/v1/catalogs/imports').attach('file', Buffer.from(FILE), 'catalog.json');

/** This process's uploads_in_progress gauge (process-local, so other specs cannot disturb it). */
async function uploadsInProgress(t: TestApp): Promise<number> {
  const metrics = (await request(t.metrics).get('/metrics').expect(200)).text;
  return Number(/^uploads_in_progress (\d+)$/m.exec(metrics)?.[1]);
}

describe('Upload fairness', () => {
  describe('per-account upload slots', () => {
    let t: TestApp;
    let port: number;

    beforeAll(async () => {
      // No minimum rate here: the held uploads must stay open for as long as the test needs them.
      t = await createTestApp({
        worker: false,
        config: (c) => ({ ...c, uploads: { ...c.uploads, slotsPerAccount: 2, minBytesPerSecond: 0 } }),
      });
      port = await listen(t.app);
    });
    afterAll(async () => {
      await t.close();
    });

    it('refuses a third concurrent upload of one account with 429 rate_limited, while other accounts upload', async () => {
      const [busy, other] = [await createCaller(t.app), await createCaller(t.app)];
      const held = [await startUpload(port, busy), await startUpload(port, busy)];
      try {
        await eventually('uploads in progress = 2', async () => (await uploadsInProgress(t)) === 2, { timeoutMs: 5_000 });
        const refused = await upload(t, busy);
        expect(expectErrorShape(refused, 429, 'rate_limited')).toMatch(/2 uploads in progress/);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        await upload(t, other).expect(202);
      } finally {
        for (const connection of held) connection.destroy();
      }
      await eventually('uploads in progress = 0', async () => (await uploadsInProgress(t)) === 0, { timeoutMs: 5_000 });
      await upload(t, busy).expect(202); // the slots came back
      expect((await importRowsOf(t.app, busy.organizationId)).jobs).toBe(1); // the refused and the dropped ones left nothing
    });
  });

  describe('minimum upload rate', () => {
    let t: TestApp;
    let port: number;

    beforeAll(async () => {
      t = await createTestApp({
        worker: false,
        config: (c) => ({ ...c, uploads: { ...c.uploads, minBytesPerSecond: 1_000, minRateWindowMs: 500 } }),
      });
      port = await listen(t.app);
    });
    afterAll(async () => {
      await t.close();
    });

    it('aborts an upload trickling below UPLOAD_MIN_BYTES_PER_SECOND with 408, closes it, and leaves nothing', async () => {
      const caller = await createCaller(t.app);
      const connection = await startUpload(port, caller);
      const body = multipartBody([filePart(`${FILE}${' '.repeat(10_000)}`)]);
      // 5 bytes every 100 ms = 50 bytes/s, far below the 1,000 required.
      let at = 60;
      const trickle = setInterval(() => {
        if (at < body.length) void connection.write(body.subarray(at, (at += 5)));
      }, 100);
      try {
        const closed = await connection.closesWithin(20_000);
        expect({ closedByServer: closed && !connection.wasClosedByUs }).toEqual({ closedByServer: true });
      } finally {
        clearInterval(trickle);
        connection.destroy();
      }
      const answer = connection.response();
      expect(answer?.status).toBe(408);
      expect(JSON.parse(answer?.body ?? '{}')).toEqual({
        error: { type: 'bad_request', message: expect.stringMatching(/slower than 1000 bytes\/s/) },
      });
      await eventually('uploads in progress = 0', async () => (await uploadsInProgress(t)) === 0, { timeoutMs: 5_000 });
      expect(await importRowsOf(t.app, caller.organizationId)).toEqual({ jobs: 0, chunks: 0, errors: 0 });
    });

    it('accepts an upload that arrives at a normal pace', async () => {
      const caller = await createCaller(t.app);
      await upload(t, caller).expect(202);
      expect((await importRowsOf(t.app, caller.organizationId)).jobs).toBe(1);
    });
  });
});
