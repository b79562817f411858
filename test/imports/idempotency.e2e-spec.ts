import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { MAX_FILE_BYTES } from '../../src/imports/http/upload/upload-limits';
import { expectErrorShape } from '../support/assertions';
import { contentType, filePart, multipartBody } from '../support/bad-input/multipart';
import { listen } from '../support/bad-input/raw-http';
import { importRowsOf, openTransactions } from '../support/bad-input/checks';
import { query } from '../support/database';
import { createCaller, type TestCaller } from '../support/factories';
import { products, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';
import { eventually } from '../support/eventually';

const sha256 = (content: string | Buffer) => createHash('sha256').update(content).digest();
/** A catalog of about `bytes` bytes whose content depends on `seed`, so two seeds are two different files. */
const catalog = (seed: string, bytes = 2_000) =>
  products(Math.ceil(bytes / 60), (i) => ({ id: `${seed}-${i}`, title: `Product ${seed} ${i} ${'x'.repeat(20)}` }));

// First, while this spec has queued nothing yet for the worker to go through.
describe('Idempotency-Key after the job finished', () => {
  it('still binds the key to the file once the stored file is deleted', async () => {
    const t = await createTestApp();
    try {
      const caller = await createCaller(t.app);
      const post = (content: string) =>
        authed(t.http, caller).post('/v1/catalogs/imports').set('Idempotency-Key', 'k').attach('file', Buffer.from(content), 'a.json');
      const first = await post(products(3)).expect(202);
      // Generous: the worker also drains whatever other specs left queued.
      expect(await waitForJob(t.http, caller.auth, first.body.job_id, { timeoutMs: 150_000 })).toMatchObject({
        status: 'done',
        indexed_count: 3,
      });
      expect((await importRowsOf(t.app, caller.organizationId)).chunks).toBe(0);
      expect((await post(products(3)).expect(202)).body.job_id).toBe(first.body.job_id);
      expectErrorShape(await post(products(4)), 422, 'validation');
      expect((await importRowsOf(t.app, caller.organizationId)).jobs).toBe(1);
    } finally {
      await t.close();
    }
  }, 180_000);
});

describe('Idempotency-Key bound to the file (SHA-256 of its content)', () => {
  let t: TestApp;
  let caller: TestCaller;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    caller = await createCaller(t.app);
  });

  const post = (key: string, content: string | Buffer, fileName = 'catalog.json') =>
    authed(t.http, caller).post('/v1/catalogs/imports').set('Idempotency-Key', key).attach('file', Buffer.from(content), fileName);
  const jobRow = async (id: string) =>
    (
      await query<{ idempotency_key: string | null; file_sha256: Buffer | null }>(
        t.app,
        'SELECT idempotency_key, file_sha256 FROM import_jobs WHERE id = $1',
        [id],
      )
    )[0];
  const storedFile = async (id: string) =>
    Buffer.concat(
      (await query<{ data: Buffer }>(t.app, 'SELECT data FROM import_file_chunks WHERE job_id = $1 ORDER BY seq', [id])).map((c) => c.data),
    );

  it("records every upload's SHA-256, with or without a key", async () => {
    const content = catalog('plain');
    const response = await authed(t.http, caller).post('/v1/catalogs/imports').attach('file', Buffer.from(content), 'a.json').expect(202);
    expect(await jobRow(response.body.job_id)).toEqual({ idempotency_key: null, file_sha256: sha256(content) });
  });

  it('the same key with the same file answers 202 with the first job_id and stores nothing (the file name may differ)', async () => {
    const content = catalog('same');
    const first = await post('nightly-1', content).expect(202);
    const before = await importRowsOf(t.app, caller.organizationId);
    const again = await post('nightly-1', content, 'renamed.JSON').expect(202);
    expect(again.body).toEqual({ job_id: first.body.job_id });
    expect(again.headers.location).toBe(`/v1/catalogs/imports/${first.body.job_id}`);
    expect(await importRowsOf(t.app, caller.organizationId)).toEqual(before);
    expect(before.jobs).toBe(1);
    expect(await jobRow(first.body.job_id)).toEqual({ idempotency_key: 'nightly-1', file_sha256: sha256(content) });
  });

  it('the same key with a different file answers 422 validation naming the conflict, and stores nothing', async () => {
    const first = await post('nightly-2', catalog('monday')).expect(202);
    const before = await importRowsOf(t.app, caller.organizationId);
    const message = expectErrorShape(await post('nightly-2', catalog('tuesday')), 422, 'validation');
    expect(message).toMatch(/Idempotency-Key "nightly-2" was used .*different file/);
    expect(message).toContain(first.body.job_id);
    expect(await importRowsOf(t.app, caller.organizationId)).toEqual(before);
    // One byte of difference is a different file.
    const content = catalog('monday');
    expectErrorShape(await post('nightly-2', content.replace('monday-0', 'monday-O')), 422, 'validation');
    expect(await importRowsOf(t.app, caller.organizationId)).toEqual(before);
  });

  it('a key whose job predates recorded file hashes is not replayed blindly: 422', async () => {
    const content = catalog('legacy');
    const first = await post('legacy', content).expect(202);
    await query(t.app, 'UPDATE import_jobs SET file_sha256 = NULL WHERE id = $1', [first.body.job_id]);
    const message = expectErrorShape(await post('legacy', content), 422, 'validation');
    expect(message).toMatch(new RegExp(`Idempotency-Key "legacy" was used .*${first.body.job_id}, whose file cannot be compared`));
    expect((await importRowsOf(t.app, caller.organizationId)).jobs).toBe(1);
  });

  it('a replay is still bounded by the size limit: 413 and nothing stored', async () => {
    await post('big', '[]').expect(202);
    const before = await importRowsOf(t.app, caller.organizationId);
    const response = await post('big', Buffer.alloc(MAX_FILE_BYTES + 1, 0x20));
    expectErrorShape(response, 413, 'payload_too_large');
    expect(await importRowsOf(t.app, caller.organizationId)).toEqual(before);
  });

  it('two uploads with the same key and the same file at once: one job, both get its job_id', async () => {
    const content = catalog('race-same', 3_000_000);
    const [a, b] = await Promise.all([post('race-1', content), post('race-1', content)]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(b.body.job_id).toBe(a.body.job_id);
    const rows = await importRowsOf(t.app, caller.organizationId);
    expect(rows.jobs).toBe(1);
    expect(sha256(await storedFile(a.body.job_id))).toEqual(sha256(content));
  });

  it('two uploads with the same key and different files at once: one job, the other gets 422', async () => {
    const files = [catalog('race-a', 3_000_000), catalog('race-b', 3_000_000)];
    const responses = await Promise.all(files.map((file) => post('race-2', file)));
    const winner = responses.findIndex((r) => r.status === 202);
    const loser = responses[1 - winner];
    expect(winner).toBeGreaterThanOrEqual(0);
    expectErrorShape(loser, 422, 'validation');
    expect((await importRowsOf(t.app, caller.organizationId)).jobs).toBe(1);
    expect(sha256(await storedFile(responses[winner].body.job_id))).toEqual(sha256(files[winner]));
  });

  it("an upload that loses the race at commit compares files: same → the winner's job_id, different → 422", async () => {
    // A starts first and is mid-body (inside its transaction, past the key look-up) when B, with
    // the same key, completes; A then finishes and meets B's committed key at the unique index.
    const port = await listen(t.app);
    for (const [name, fileA, fileB, expected] of [
      ['same', catalog('late-same'), catalog('late-same'), 202],
      ['different', catalog('late-a'), catalog('late-b'), 422],
    ] as const) {
      const key = `late-${name}`;
      const body = multipartBody([filePart(fileA)]);
      const half = body.length >> 1;
      const a = startRequest(port, { Authorization: caller.auth, 'Idempotency-Key': key, 'Content-Type': contentType() }, body);
      a.write(body.subarray(0, half));
      await eventually('open upload transactions ≥ 1', async () => (await openTransactions(t.app)) >= 1, { timeoutMs: 5_000 });
      const b = await post(key, fileB).expect(202);
      const answer = await a.end(body.subarray(half));
      expect({ name, status: answer.status }).toEqual({ name, status: expected });
      if (expected === 202) expect(JSON.parse(answer.body)).toEqual({ job_id: b.body.job_id });
      else expect(JSON.parse(answer.body).error).toEqual({ type: 'validation', message: expect.stringMatching(/different file/) });
    }
    expect((await importRowsOf(t.app, caller.organizationId)).jobs).toBe(2);
  });

  it('after 24 h the key starts a new job, with the same file or another', async () => {
    const first = await post('daily', catalog('old')).expect(202);
    await query(t.app, `UPDATE import_jobs SET created_at = created_at - interval '24 hours 1 minute' WHERE id = $1`, [first.body.job_id]);
    const second = await post('daily', catalog('old')).expect(202);
    expect(second.body.job_id).not.toBe(first.body.job_id);
    expect((await jobRow(first.body.job_id)).idempotency_key).toBeNull();
    expect(await jobRow(second.body.job_id)).toEqual({ idempotency_key: 'daily', file_sha256: sha256(catalog('old')) });
    await query(t.app, `UPDATE import_jobs SET created_at = created_at - interval '25 hours' WHERE id = $1`, [second.body.job_id]);
    const third = await post('daily', catalog('new')).expect(202);
    expect(new Set([first.body.job_id, second.body.job_id, third.body.job_id]).size).toBe(3);
    expect((await importRowsOf(t.app, caller.organizationId)).jobs).toBe(3);
  });
});

/** A POST whose body is sent in pieces, to hold a request open mid-body. */
function startRequest(port: number, headers: Record<string, string>, body: Buffer) {
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/v1/catalogs/imports',
    headers: { ...headers, 'Content-Length': body.length },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
  });
  return {
    write: (data: Buffer) => req.write(data),
    end: (data: Buffer) => {
      req.end(data);
      return answer;
    },
  };
}
