import type request from 'supertest';
import { MAX_FILE_BYTES } from '../../src/imports/http/upload/upload-limits';
import { query } from '../support/database';
import { createCaller, type TestCaller } from '../support/factories';
import { products, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

/** A valid JSON array of exactly `size` bytes (products padded with spaces). */
function arrayOfSize(size: number): Buffer {
  const body = Buffer.from(products(1000));
  const padded = Buffer.alloc(size, 0x20);
  body.copy(padded, 0, 0, body.length - 1); // everything but the closing bracket
  padded[size - 1] = 0x5d; // ']'
  return padded;
}

describe('POST /v1/catalogs/imports (upload)', () => {
  let t: TestApp;
  let caller: TestCaller;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    caller = await createCaller(t.app);
  });

  const jobsOf = async (organizationId: string) =>
    Number((await query<{ n: string }>(t.app, 'SELECT count(*) AS n FROM import_jobs WHERE organization_id = $1', [organizationId]))[0].n);
  const post = () => authed(t.http, caller).post('/v1/catalogs/imports');

  it('answers 202 with job_id and Location, and stores the job as pending with its file', async () => {
    const content = products(10);
    const response = await post().attach('file', Buffer.from(content), 'catalog.JSON').expect(202);
    const jobId = response.body.job_id as string;
    expect(Object.keys(response.body)).toEqual(['job_id']);
    expect(response.headers.location).toBe(`/v1/catalogs/imports/${jobId}`);
    const [job] = await query<{ status: string; file_size: string; file_name: string }>(
      t.app,
      'SELECT status, file_size, file_name FROM import_jobs WHERE id = $1',
      [jobId],
    );
    expect(job).toEqual({ status: 'pending', file_size: String(Buffer.byteLength(content)), file_name: 'catalog.JSON' });
    const chunks = await query<{ data: Buffer }>(t.app, 'SELECT data FROM import_file_chunks WHERE job_id = $1 ORDER BY seq', [jobId]);
    expect(Buffer.concat(chunks.map((c) => c.data)).toString()).toBe(content);
  });

  it('accepts exactly 50 MiB, stored in 1 MiB chunks', async () => {
    const response = await post().attach('file', arrayOfSize(MAX_FILE_BYTES), 'big.json').expect(202);
    const [row] = await query<{ n: string; bytes: string }>(
      t.app,
      'SELECT count(*) AS n, sum(length(data)) AS bytes FROM import_file_chunks WHERE job_id = $1',
      [response.body.job_id],
    );
    expect(row).toEqual({ n: '50', bytes: String(MAX_FILE_BYTES) });
  });

  it('refuses 50 MiB + 1 byte with 413 and leaves nothing behind', async () => {
    const response = await post().attach('file', arrayOfSize(MAX_FILE_BYTES + 1), 'big.json');
    expect(response.status).toBe(413);
    expect(response.body.error.type).toBe('payload_too_large');
    expect(await jobsOf(caller.organizationId)).toBe(0);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const response = await post().set('Content-Type', 'application/json').send('[]').expect(415);
    expect(response.body.error.type).toBe('unsupported_media_type');
  });

  it.each([
    ['no file part', (r: request.Test) => r.field('other', 'x'), /no file part/],
    [
      'two file parts',
      (r: request.Test) => r.attach('file', Buffer.from('[]'), 'a.json').attach('file', Buffer.from('[]'), 'b.json'),
      /one file/,
    ],
    ['a file under another name', (r: request.Test) => r.attach('catalog', Buffer.from('[]'), 'a.json'), /part named "file"/],
  ])('refuses %s with 422 and creates no job', async (_name, build, message) => {
    const response = await build(post()).expect(422);
    expect(response.body.error).toEqual({ type: 'validation', message: expect.stringMatching(message) });
    expect(await jobsOf(caller.organizationId)).toBe(0);
  });

  it('refuses a malformed multipart body with 400', async () => {
    const response = await post()
      .set('Content-Type', 'multipart/form-data; boundary=xyz')
      .send('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n[1,2')
      .expect(400);
    expect(response.body.error.type).toBe('bad_request');
    expect(await jobsOf(caller.organizationId)).toBe(0);
  });

  it('returns the same job for a repeated Idempotency-Key, and a new one for another key', async () => {
    const send = (key: string) =>
      post()
        .set('Idempotency-Key', key)
        .attach('file', Buffer.from(products(3)), 'a.json')
        .expect(202);
    const first = (await send('key-1')).body.job_id;
    const again = (await send('key-1')).body.job_id;
    const other = (await send('key-2')).body.job_id;
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(await jobsOf(caller.organizationId)).toBe(2);
  });

  it('scopes Idempotency-Key to the organization', async () => {
    const otherCaller = await createCaller(t.app);
    const a = await post().set('Idempotency-Key', 'shared').attach('file', Buffer.from('[]'), 'a.json').expect(202);
    const b = await authed(t.http, otherCaller)
      .post('/v1/catalogs/imports')
      .set('Idempotency-Key', 'shared')
      .attach('file', Buffer.from('[]'), 'a.json')
      .expect(202);
    expect(b.body.job_id).not.toBe(a.body.job_id);
  });

  it('refuses an Idempotency-Key longer than 255 characters with 422', async () => {
    const response = await post().set('Idempotency-Key', 'k'.repeat(256)).attach('file', Buffer.from('[]'), 'a.json').expect(422);
    expect(response.body.error.message).toMatch(/Idempotency-Key/);
  });

  it('checks the scope before the body: a read-only token gets 403 and nothing is stored', async () => {
    const reader = await createCaller(t.app, { scopes: ['accounts--my:ro'] });
    const response = await authed(t.http, reader).post('/v1/catalogs/imports').attach('file', Buffer.from('[]'), 'a.json').expect(403);
    expect(response.body.error.type).toBe('authorization');
    expect(await jobsOf(reader.organizationId)).toBe(0);
  });

  it('answers 403, not 413, to a read-only token sending a file over 50 MiB (scope before body)', async () => {
    const reader = await createCaller(t.app, { scopes: ['accounts--my:ro'] });
    const response = await authed(t.http, reader)
      .post('/v1/catalogs/imports')
      .attach('file', arrayOfSize(MAX_FILE_BYTES + 1), 'big.json');
    expect(response.status).toBe(403);
    expect(response.body.error.type).toBe('authorization');
    expect(await jobsOf(reader.organizationId)).toBe(0);
  });
});

describe('Upload then worker', () => {
  it('processes a job that was uploaded while no worker ran, once a worker starts', async () => {
    const api = await createTestApp({ worker: false });
    const caller = await createCaller(api.app);
    const response = await authed(api.http, caller)
      .post('/v1/catalogs/imports')
      .attach('file', Buffer.from(products(5)), 'a.json')
      .expect(202);
    await api.close();
    const worker = await createTestApp();
    try {
      const job = await waitForJob(worker.http, caller.auth, response.body.job_id);
      expect(job).toMatchObject({ status: 'done', indexed_count: 5 });
    } finally {
      await worker.close();
    }
  });
});
