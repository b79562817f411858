import type { OpenAPIObject } from '@nestjs/swagger';
import request from 'supertest';
import { createCaller, type TestCaller } from '../support/factories';
import { documentedBodies, type Method } from '../support/openapi-examples';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

/**
 * The error examples of the routes that take JSON bodies (webhooks, synonyms, the UCP REST binding) are
 * what the service answers: each case is provoked through HTTP and its body must be one of the
 * examples documented for that operation and status. The app runs with the default
 * WEBHOOK_ALLOW_PRIVATE_TARGETS=false, so the SSRF refusal is the real one.
 */
describe('OpenAPI error examples of the JSON routes are the real answers', () => {
  const WEBHOOK = '6d1f3b2a-4c5e-4f70-8a9b-0c1d2e3f4a5b';
  /** A public address given literally: accepted without a DNS lookup. */
  const PUBLIC_URL = 'https://93.184.215.14/hooks/product-directory';
  let t: TestApp;
  let document: OpenAPIObject;
  let caller: TestCaller;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    document = (await request(t.http).get('/docs-json').expect(200)).body as OpenAPIObject;
    caller = await createCaller(t.app);
  });

  afterAll(async () => {
    await t.close();
  });

  const post = (path: string) => authed(t.http, caller).post(path);
  const subscribe = (body: unknown) => post('/v1/webhooks').send(body as object);
  const ucp = (operation: string, body: unknown) => post(`/ucp/catalog/${operation}`).send(body as object);

  it.each<[string, string, Method, () => request.Test]>([
    ['415 webhook body not JSON', '/v1/webhooks', 'post', () => post('/v1/webhooks').set('Content-Type', 'text/plain').send('x')],
    [
      '413 webhook body over 16 KiB',
      '/v1/webhooks',
      'post',
      () => subscribe({ url: PUBLIC_URL, events: ['import.done'], description: 'd'.repeat(17_000) }),
    ],
    [
      '400 webhook body malformed',
      '/v1/webhooks',
      'post',
      () => post('/v1/webhooks').set('Content-Type', 'application/json').send('{"url":'),
    ],
    ['422 webhook body an array', '/v1/webhooks', 'post', () => subscribe([1])],
    ['400 webhook body empty', '/v1/webhooks', 'post', () => post('/v1/webhooks').set('Content-Type', 'application/json').send('')],
    ['422 unknown event', '/v1/webhooks', 'post', () => subscribe({ url: PUBLIC_URL, events: ['import.started'] })],
    ['422 ftp url', '/v1/webhooks', 'post', () => subscribe({ url: 'ftp://example.com/h', events: ['import.done'] })],
    ['422 url with credentials', '/v1/webhooks', 'post', () => subscribe({ url: 'https://u:p@example.com/h', events: ['import.done'] })],
    ['422 private target', '/v1/webhooks', 'post', () => subscribe({ url: 'http://10.0.0.8/', events: ['import.done'] })],
    ['422 host not public', '/v1/webhooks', 'post', () => subscribe({ url: 'http://localhost/', events: ['import.done'] })],
    ['422 port not allowed', '/v1/webhooks', 'post', () => subscribe({ url: 'https://93.184.215.14:22/', events: ['import.done'] })],
    ['422 unknown field', '/v1/webhooks', 'post', () => subscribe({ url: PUBLIC_URL, events: ['import.done'], page: 2 })],
    ['422 bad limit (webhooks)', '/v1/webhooks', 'get', () => authed(t.http, caller).get('/v1/webhooks?limit=0')],
    ['422 webhook_id not a UUID', '/v1/webhooks/{webhook_id}', 'delete', () => authed(t.http, caller).delete('/v1/webhooks/42')],
    ['404 unknown webhook', '/v1/webhooks/{webhook_id}', 'delete', () => authed(t.http, caller).delete(`/v1/webhooks/${WEBHOOK}`)],
    [
      '404 unknown webhook (deliveries)',
      '/v1/webhooks/{webhook_id}/deliveries',
      'get',
      () => authed(t.http, caller).get(`/v1/webhooks/${WEBHOOK}/deliveries`),
    ],
    ['415 UCP body not JSON', '/ucp/catalog/search', 'post', () => post('/ucp/catalog/search').set('Content-Type', 'text/plain').send('x')],
    [
      '413 UCP body over 64 KiB',
      '/ucp/catalog/search',
      'post',
      () => ucp('search', { query: 'wool', signals: { pad: 'p'.repeat(66_000) } }),
    ],
    [
      '400 UCP body malformed',
      '/ucp/catalog/lookup',
      'post',
      () => post('/ucp/catalog/lookup').set('Content-Type', 'application/json').send('{'),
    ],
    [
      '415 UCP body of a +json type',
      '/ucp/catalog/search',
      'post',
      () => post('/ucp/catalog/search').set('Content-Type', 'application/vnd.api+json').send('{"query":"x"}'),
    ],
    [
      '400 UCP body empty',
      '/ucp/catalog/lookup',
      'post',
      () => post('/ucp/catalog/lookup').set('Content-Type', 'application/json').send(''),
    ],
    ['422 UCP body an array', '/ucp/catalog/product', 'post', () => ucp('product', [{ id: 'x' }])],
    [
      '415 synonyms body not JSON',
      '/v1/catalogs/synonyms',
      'put',
      () => request(t.http).put('/v1/catalogs/synonyms').set('Authorization', caller.auth).set('Content-Type', 'text/plain').send('x'),
    ],
    [
      '400 synonyms body empty',
      '/v1/catalogs/synonyms',
      'put',
      () => request(t.http).put('/v1/catalogs/synonyms').set('Authorization', caller.auth).set('Content-Type', 'application/json').send(''),
    ],
    [
      '413 synonyms body over 64 KiB',
      '/v1/catalogs/synonyms',
      'put',
      () =>
        request(t.http)
          .put('/v1/catalogs/synonyms')
          .set('Authorization', caller.auth)
          .send({ synonyms: [{ type: 'group', synonyms: ['x'.repeat(66_000), 'y'] }] }),
    ],
    [
      '422 synonyms body a string',
      '/v1/catalogs/synonyms',
      'put',
      () =>
        request(t.http).put('/v1/catalogs/synonyms').set('Authorization', caller.auth).set('Content-Type', 'application/json').send('"x"'),
    ],
    ['422 search without query or filters', '/ucp/catalog/search', 'post', () => ucp('search', {})],
    ['422 unknown UCP filter', '/ucp/catalog/search', 'post', () => ucp('search', { query: 'x', filters: { color: 'red' } })],
    ['422 UCP cursor not ours', '/ucp/catalog/search', 'post', () => ucp('search', { query: 'x', pagination: { cursor: 'nope' } })],
    ['422 lookup without ids', '/ucp/catalog/lookup', 'post', () => ucp('lookup', { ids: [] })],
    ['422 product without id', '/ucp/catalog/product', 'post', () => ucp('product', {})],
  ])('%s', async (_label, path, method, send) => {
    const response = await send();
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(documentedBodies(document, path, method, response.status)).toContainEqual(response.body);
  });

  it('documents the answer to a 21st webhook of one organization', async () => {
    const owner = await createCaller(t.app);
    for (let i = 0; i < 20; i++) {
      await authed(t.http, owner)
        .post('/v1/webhooks')
        .send({ url: `${PUBLIC_URL}/${i}`, events: ['import.done'] })
        .expect(201);
    }
    const refused = await authed(t.http, owner)
      .post('/v1/webhooks')
      .send({ url: `${PUBLIC_URL}/20`, events: ['import.done'] })
      .expect(422);
    expect(documentedBodies(document, '/v1/webhooks', 'post', 422)).toContainEqual(refused.body);
  });

  it('documents the delivery POSTed to a subscribed URL as the WebhookEvent callback of create-webhook', () => {
    const callback = document.paths['/v1/webhooks'].post?.callbacks?.importEvent as Record<string, Record<string, unknown>>;
    expect(callback['{$request.body#/url}'].post).toMatchObject({
      requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookEvent' } } } },
    });
  });
});
