import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createCaller, type TestCaller } from '../support/factories';
import { expectErrorShape } from '../support/assertions';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

/** Signs of internals a client must never see: stack frames, source paths, SQL, driver and class names. */
const LEAKS = new RegExp(
  [
    String.raw`\n\s+at `, // stack frame
    String.raw`\bat \S+ \(`, // stack frame
    String.raw`\.[jt]s:\d+`, // source position
    'node_modules',
    '/work/',
    String.raw`\bSELECT\b[\s\S]*\bFROM\b`,
    String.raw`\bINSERT INTO\b`,
    String.raw`\bUPDATE\s+"?\w+"?\s+SET\b`,
    String.raw`\bDELETE FROM\b`,
    String.raw`\bWHERE\b`,
    'relation "',
    'syntax for type',
    'violates',
    'duplicate key',
    'QueryFailedError',
    'TypeORM',
    'postgres',
    'redis',
    'ECONNREFUSED',
    'TypeError',
    'ReferenceError',
    'undefined is not',
  ].join('|'),
  'i',
);

function expectErrorResponse(response: request.Response, status: number, type: string): string {
  const message = expectErrorShape(response, status, type);
  expect(message).not.toMatch(LEAKS);
  expect(response.text).not.toMatch(LEAKS);
  return message;
}

describe('Error responses', () => {
  let t: TestApp;
  let caller: TestCaller;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    caller = await createCaller(t.app);
  });

  describe('unknown routes → 404 not_found', () => {
    const UNKNOWN: [string, string][] = [
      ['get', '/'],
      ['get', '/nope'],
      ['get', '/v1'],
      ['get', '/v2/catalogs/imports'],
      ['get', `/v1/catalogs/imports/${randomUUID()}/nope`],
      ['post', '/v1/catalogs/nope'],
      ['put', '/v1/catalogs/imports'],
      ['delete', `/v1/catalogs/imports/${randomUUID()}`],
      ['patch', `/v1/catalogs/imports/${randomUUID()}`],
    ];

    it.each(UNKNOWN)('%s %s without credentials', async (method, path) => {
      const response = await request(t.http)[method as 'get'](path);
      expectErrorResponse(response, 404, 'not_found');
      expect(response.headers['www-authenticate']).toBeUndefined();
    });

    it.each(UNKNOWN)('%s %s with valid credentials', async (method, path) => {
      const response = await authed(t.http, caller)[method as 'get'](path);
      expectErrorResponse(response, 404, 'not_found');
    });

    it('answers the same way with invalid credentials (no 401 for a route that does not exist)', async () => {
      const response = await request(t.http).get('/nope').set('Authorization', 'Basic !!!');
      expectErrorResponse(response, 404, 'not_found');
      expect(response.headers['www-authenticate']).toBeUndefined();
    });

    it('answers 404 to an unknown route whatever its body (a malformed JSON body included)', async () => {
      const response = await request(t.http).post('/v1/catalogs/nope').set('Content-Type', 'application/json').send('{bad');
      expectErrorResponse(response, 404, 'not_found');
    });

    it('never answers with the Express HTML error page', async () => {
      const response = await request(t.http).get('/nope').set('Accept', 'text/html');
      expectErrorResponse(response, 404, 'not_found');
      expect(response.text).not.toMatch(/<html|<pre>|Cannot GET/i);
    });
  });

  describe('errors of the import endpoints leak no internals', () => {
    it('401 authentication', async () => {
      expectErrorResponse(await request(t.http).get(`/v1/catalogs/imports/${randomUUID()}`), 401, 'authentication');
    });

    it('403 authorization', async () => {
      const reader = await createCaller(t.app, { scopes: ['accounts--my:ro'] });
      const response = await authed(t.http, reader).post('/v1/catalogs/imports').attach('file', Buffer.from('[]'), 'catalog.json');
      expectErrorResponse(response, 403, 'authorization');
    });

    it('404 not_found for a job id that does not exist', async () => {
      const jobId = randomUUID();
      const message = expectErrorResponse(await authed(t.http, caller).get(`/v1/catalogs/imports/${jobId}`), 404, 'not_found');
      expect(message).toContain(jobId);
    });

    it.each([
      ['a non-UUID job id', '/v1/catalogs/imports/not-a-uuid'],
      ['an attempted SQL injection in the job id', `/v1/catalogs/imports/${encodeURIComponent("1'; DROP TABLE import_jobs; --")}`],
      ['a non-UUID job id on the errors list', '/v1/catalogs/imports/not-a-uuid/errors'],
      ['a limit that is not a number', '/v1/catalogs/imports?limit=abc'],
      ['a limit out of range', '/v1/catalogs/imports?limit=1000'],
      ['a cursor that was never issued', '/v1/catalogs/imports?cursor=!!!'],
      ['a well-formed cursor of the wrong shape', `/v1/catalogs/imports?cursor=${Buffer.from('[1]').toString('base64url')}`],
    ])('422 validation for %s', async (_label, path) => {
      expectErrorResponse(await authed(t.http, caller).get(path), 422, 'validation');
    });

    it('400 bad_request for a path with broken percent-encoding', async () => {
      expectErrorResponse(await authed(t.http, caller).get('/v1/catalogs/imports/%E0%A4%A'), 400, 'bad_request');
    });

    it('415 unsupported_media_type for an upload that is not multipart', async () => {
      const response = await authed(t.http, caller)
        .post('/v1/catalogs/imports')
        .set('Content-Type', 'text/plain')
        .send('[{"id":"1","title":"x"}]');
      expectErrorResponse(response, 415, 'unsupported_media_type');
    });

    it('422 validation for an upload without a file part', async () => {
      const response = await authed(t.http, caller).post('/v1/catalogs/imports').field('note', 'no file here');
      expectErrorResponse(response, 422, 'validation');
    });

    it('415 unsupported_media_type for a file whose format cannot be told', async () => {
      const response = await authed(t.http, caller)
        .post('/v1/catalogs/imports')
        .attach('file', Buffer.from('plain words'), { filename: 'catalog', contentType: 'application/octet-stream' });
      expectErrorResponse(response, 415, 'unsupported_media_type');
    });

    it('400 bad_request for a malformed multipart body', async () => {
      const response = await authed(t.http, caller)
        .post('/v1/catalogs/imports')
        .set('Content-Type', 'multipart/form-data; boundary=xyz')
        .send('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.json"\r\n\r\n[1,2');
      expectErrorResponse(response, 400, 'bad_request');
    });
  });

  it('does not announce the framework', async () => {
    const response = await request(t.http).get('/nope');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
