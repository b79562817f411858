import type { OpenAPIObject } from '@nestjs/swagger';
import request from 'supertest';
import { createCaller, type TestCaller } from '../support/factories';
import { documentedBodies, type Method } from '../support/openapi-examples';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

/**
 * The error examples of the API document are what the service really answers: each case below
 * is provoked through HTTP and its body must be one of the examples documented for that
 * operation and status.
 */
describe('OpenAPI error examples are the real answers', () => {
  const JOB = '3f0c2a9e-0d4b-4c57-9a8e-2f9c1b7d5e10';
  let t: TestApp;
  let document: OpenAPIObject;
  let caller: TestCaller;
  let reader: TestCaller;
  let writer: TestCaller;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    document = (await request(t.http).get('/docs-json').expect(200)).body as OpenAPIObject;
    caller = await createCaller(t.app);
    reader = await createCaller(t.app, { scopes: ['accounts--my:ro'] });
    writer = await createCaller(t.app, { scopes: ['accounts--my:rw'] });
  });

  afterAll(async () => {
    await t.close();
  });

  const upload = () => request(t.http).post('/v1/catalogs/imports');

  it.each<[string, string, Method, () => request.Test]>([
    ['401 without credentials (upload)', '/v1/catalogs/imports', 'post', () => upload()],
    ['401 without credentials (products)', '/v1/catalogs/products', 'get', () => request(t.http).get('/v1/catalogs/products')],
    ['403 read-only token uploads', '/v1/catalogs/imports', 'post', () => authed(t.http, reader).post('/v1/catalogs/imports')],
    [
      '403 mass delete without catalog:replace',
      '/v1/catalogs/imports',
      'post',
      () =>
        authed(t.http, writer).post('/v1/catalogs/imports?mode=replace&allow_mass_delete=true').attach('file', Buffer.from('[]'), 'a.json'),
    ],
    ['415 not multipart', '/v1/catalogs/imports', 'post', () => authed(t.http, caller).post('/v1/catalogs/imports').send('[]')],
    [
      '400 multipart without boundary',
      '/v1/catalogs/imports',
      'post',
      () => authed(t.http, caller).post('/v1/catalogs/imports').set('Content-Type', 'multipart/form-data').send('x'),
    ],
    [
      '422 no file part',
      '/v1/catalogs/imports',
      'post',
      () => authed(t.http, caller).post('/v1/catalogs/imports').field('note', 'no file here'),
    ],
    [
      '422 file name with a path',
      '/v1/catalogs/imports',
      'post',
      () => authed(t.http, caller).post('/v1/catalogs/imports').attach('file', Buffer.from('[]'), 'dir\\products.json'),
    ],
    [
      '415 file format cannot be told',
      '/v1/catalogs/imports',
      'post',
      () =>
        authed(t.http, caller)
          .post('/v1/catalogs/imports')
          .attach('file', Buffer.from('plain words'), { filename: 'products', contentType: 'application/octet-stream' }),
    ],
    [
      '422 two files',
      '/v1/catalogs/imports',
      'post',
      () =>
        authed(t.http, caller)
          .post('/v1/catalogs/imports')
          .attach('file', Buffer.from('[]'), 'a.json')
          .attach('file', Buffer.from('[]'), 'b.json'),
    ],
    [
      '422 Idempotency-Key too long',
      '/v1/catalogs/imports',
      'post',
      () =>
        authed(t.http, caller)
          .post('/v1/catalogs/imports')
          .set('Idempotency-Key', 'k'.repeat(256))
          .attach('file', Buffer.from('[]'), 'a.json'),
    ],
    ['404 unknown job', '/v1/catalogs/imports/{job_id}', 'get', () => authed(t.http, caller).get(`/v1/catalogs/imports/${JOB}`)],
    ['422 job_id not a UUID', '/v1/catalogs/imports/{job_id}', 'get', () => authed(t.http, caller).get('/v1/catalogs/imports/42')],
    [
      '404 unknown job (errors)',
      '/v1/catalogs/imports/{job_id}/errors',
      'get',
      () => authed(t.http, caller).get(`/v1/catalogs/imports/${JOB}/errors`),
    ],
    [
      '404 unknown product',
      '/v1/catalogs/products/{product_id}',
      'get',
      () => authed(t.http, caller).get('/v1/catalogs/products/SKU-10042'),
    ],
    ['422 bad limit', '/v1/catalogs/products', 'get', () => authed(t.http, caller).get('/v1/catalogs/products?limit=0')],
    ['422 bad cursor', '/v1/catalogs/imports', 'get', () => authed(t.http, caller).get('/v1/catalogs/imports?cursor=nope')],
    ['422 unknown parameter', '/v1/catalogs/imports', 'get', () => authed(t.http, caller).get('/v1/catalogs/imports?page=2')],
    ...(
      [
        ['brand empty', 'brand='],
        ['category too long', `category=${'c'.repeat(256)}`],
        ['unknown availability', 'availability=in_stock,soon'],
        ['price range without currency', 'price_min=10'],
        ['price_min not a decimal', 'currency=EUR&price_min=ten'],
      ] as const
    ).map(([label, search]): [string, string, Method, () => request.Test] => [
      `422 ${label}`,
      '/v1/catalogs/products',
      'get',
      () => authed(t.http, caller).get(`/v1/catalogs/products?${search}`),
    ]),
    ['422 q too long', '/v1/catalogs/products', 'get', () => authed(t.http, caller).get(`/v1/catalogs/products?q=${'w'.repeat(201)}`)],
  ])('%s', async (_label, path, method, send) => {
    const response = await send();
    expect(response.status).toBeGreaterThanOrEqual(400);
    const documented = documentedBodies(document, path, method, response.status);
    expect(documented).toContainEqual(response.body);
  });

  it('gives every error status of every operation its own examples, with the headers the service sends', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, response] of Object.entries(operation.responses as Record<string, { headers?: object }>)) {
          if (Number(status) < 400) continue;
          const bodies = documentedBodies(document, path, method as Method, Number(status));
          expect({ path, method, status, hasExamples: bodies.length > 0 }).toEqual({ path, method, status, hasExamples: true });
          for (const body of bodies) expect(Object.keys(body.error).sort()).toEqual(['message', 'type']);
          if (status === '401') expect(response.headers).toHaveProperty('WWW-Authenticate');
          if (status === '429' || status === '503') expect(response.headers).toHaveProperty('Retry-After');
        }
      }
    }
    const statuses = new Set(
      Object.values(document.paths).flatMap((item) => Object.values(item).flatMap((operation) => Object.keys(operation.responses))),
    );
    expect([...statuses]).toEqual(expect.arrayContaining(['400', '401', '403', '404', '408', '413', '415', '422', '429', '500', '503']));
    // The old document showed the same 404 body for every error status.
    const tooLarge = documentedBodies(document, '/v1/catalogs/imports', 'post', 413);
    expect(tooLarge).toEqual([{ error: { type: 'payload_too_large', message: 'The file exceeds 52,428,800 bytes (50 MiB)' } }]);
  });

  it('sends the rate-limit headers the document declares on a 2xx answer', async () => {
    const response = await authed(t.http, caller).get('/v1/catalogs').expect(200);
    const declared = Object.keys((document.paths['/v1/catalogs'].get?.responses['200'] as { headers: object }).headers);
    expect(declared.sort()).toEqual(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']);
    for (const name of declared) expect(response.headers[name.toLowerCase()]).toMatch(/^\d+$/);
  });
});
