import request from 'supertest';
import { expectErrorShape } from '../support/assertions';
import { createCaller, type TestCaller } from '../support/factories';
import { waitForIndexing } from '../support/imports';
import { UCP_CATALOG } from '../support/ucp-catalog';
import { expectValid, ucpValidators } from '../support/ucp-schemas';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';
import { eventually } from '../support/eventually';

describe('UCP REST binding, discovery profile and the REST list filters (BASE_PATH /api)', () => {
  let t: TestApp;
  let owner: TestCaller;

  beforeAll(async () => {
    t = await createTestApp({ config: (config) => ({ ...config, basePath: '/api' }) });
    owner = await createCaller(t.app);
    await uploadUnder('/api');
  });
  afterAll(() => t.close());

  async function uploadUnder(base: string): Promise<string> {
    const response = await authed(t.http, owner)
      .post(`${base}/v1/catalogs/imports`)
      .attach('file', Buffer.from(JSON.stringify(UCP_CATALOG)), 'catalog.json')
      .expect(202);
    const jobId = (response.body as { job_id: string }).job_id;
    await eventually(
      'the import to finish',
      async () => (await authed(t.http, owner).get(`${base}/v1/catalogs/imports/${jobId}`)).body.status === 'done',
      {
        timeoutMs: 20_000,
      },
    );
    await waitForIndexing(t.app, owner.organizationId);
    return jobId;
  }

  const post = (path: string, body: unknown, auth = owner.auth) =>
    authed(t.http, auth)
      .post(`/api/ucp/catalog/${path}`)
      .send(body as object);
  const list = (query: string) => authed(t.http, owner).get(`/api/v1/catalogs/products?limit=100&${query}`);
  const ids = (body: { data: Array<{ id: string }> }) => body.data.map((p) => p.id);

  it('serves the UCP business profile at {base_url}/.well-known/ucp without credentials', async () => {
    const response = await request(t.http).get('/api/.well-known/ucp').set('Host', 'shop.example:8080').expect(200);
    expectValid(ucpValidators.profile, response.body);
    // Built from Host (no PUBLIC_ORIGIN): never shared across hosts by a cache.
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    expect(response.headers.vary).toMatch(/\bHost\b/);
    const services = response.body.ucp.services['dev.ucp.shopping'] as Array<{ transport: string; endpoint: string; version: string }>;
    expect(services.map((s) => [s.transport, s.endpoint, s.version])).toEqual([
      ['rest', 'http://shop.example:8080/api/ucp', '2026-04-08'],
      ['mcp', 'http://shop.example:8080/api/mcp', '2026-04-08'],
    ]);
    expect(Object.keys(response.body.ucp.capabilities).sort()).toEqual([
      'dev.ucp.shopping.catalog.lookup',
      'dev.ucp.shopping.catalog.search',
    ]);
    expect(JSON.stringify(response.body)).not.toContain(owner.organizationId);
    await request(t.http).get('/.well-known/ucp').expect(404);
  });

  it('answers search, lookup and product with schema-valid UCP objects', async () => {
    const search = await post('search', { query: 'sweater', filters: { price: { max: 7000 } }, context: { currency: 'EUR' } }).expect(200);
    expectValid(ucpValidators.searchResponse, search.body);
    expect(search.body.products.map((p: { id: string }) => p.id)).toEqual(['sweater-navy-m']);

    const lookup = await post('lookup', { ids: ['boots', 'missing'] }).expect(200);
    expectValid(ucpValidators.lookupResponse, lookup.body);
    expect(lookup.body.products[0].price_range.min).toEqual({ amount: 15000, currency: 'USD' });
    expect(lookup.body.messages).toEqual([{ type: 'info', code: 'not_found', content: 'missing' }]);

    const product = await post('product', { id: 'dates-bh' }).expect(200);
    expectValid(ucpValidators.getProductResponse, product.body);
    expect(product.body.product.variants[0].price).toEqual({ amount: 4125, currency: 'BHD' });

    const missing = await post('product', { id: 'missing' }).expect(200);
    expectValid(ucpValidators.errorResponse, missing.body);
    expect(missing.body.ucp.status).toBe('error');
  });

  it('authenticates before reading the body: 401 with WWW-Authenticate, 403 without the scope', async () => {
    const none = await request(t.http).post('/api/ucp/catalog/search').set('Content-Type', 'application/json').send('{not json');
    expectErrorShape(none, 401, 'authentication');
    expect(none.headers['www-authenticate']).toBe('Basic realm="product-directory"');
    const noScope = await createCaller(t.app, { scopes: [] });
    expectErrorShape(await post('search', { query: 'x' }, noScope.auth), 403, 'authorization');
  });

  it('refuses bad bodies with ErrorResponse: 400 malformed JSON, 415 not JSON, 413 too large, 422 invalid request', async () => {
    expectErrorShape(
      await authed(t.http, owner).post('/api/ucp/catalog/search').set('Content-Type', 'application/json').send('{"query":'),
      400,
      'bad_request',
    );
    expectErrorShape(
      await authed(t.http, owner).post('/api/ucp/catalog/search').set('Content-Type', 'text/plain').send('query=x'),
      415,
      'unsupported_media_type',
    );
    expectErrorShape(await post('search', { query: 'x'.repeat(70_000) }), 413, 'payload_too_large');
    expect(expectErrorShape(await post('search', {}), 422, 'validation')).toMatch(/query or at least one filter/);
    expect(expectErrorShape(await post('search', { filters: { price: { min: 1 } } }), 422, 'validation')).toMatch(/context\.currency/);
    expect(expectErrorShape(await post('search', { query: 'x', pagination: { cursor: 'bad' } }), 422, 'validation')).toMatch(/cursor/);
    expect(expectErrorShape(await post('lookup', { ids: 'boots' }), 422, 'validation')).toMatch(/^ids:/);
    expect(expectErrorShape(await post('product', { id: '' }), 422, 'validation')).toMatch(/^id:/);
  });

  describe('GET /v1/catalogs/products filters (same query service)', () => {
    it('filters by brand (case-insensitive), category prefix, availability and price range', async () => {
      expect(ids((await list('brand=northwind').expect(200)).body)).toEqual(['sweater-navy-m', 'sweater-red-l']);
      expect(ids((await list('category=Apparel').expect(200)).body)).toEqual(['boots', 'socks', 'sweater-navy-m', 'sweater-red-l']);
      expect(ids((await list(`category=${encodeURIComponent('grocery>tea')}`).expect(200)).body)).toEqual(['tea-jp']);
      expect(ids((await list('availability=preorder,backorder').expect(200)).body)).toEqual(['dates-bh', 'tea-jp']);
      expect(ids((await list('currency=EUR&price_min=12.5&price_max=69.95').expect(200)).body)).toEqual(['socks', 'sweater-navy-m']);
      expect(ids((await list('currency=EUR&price_min=70').expect(200)).body)).toEqual(['sweater-red-l']);
      expect(ids((await list('q=wool&brand=Northwind&availability=in_stock').expect(200)).body)).toEqual(['sweater-navy-m']);
      // The unpriced poster is a REST product (the list is not limited to UCP products).
      expect(ids((await list('q=poster').expect(200)).body)).toEqual(['poster']);
    });

    it('refuses invalid filters with 422', async () => {
      expect(expectErrorShape(await list('price_min=10'), 422, 'validation')).toMatch(/currency/);
      expect(expectErrorShape(await list('currency=eur'), 422, 'validation')).toMatch(/currency/);
      expect(expectErrorShape(await list('currency=EUR&price_max=1.23456'), 422, 'validation')).toMatch(/price_max/);
      expect(expectErrorShape(await list('availability=in_stock,sold'), 422, 'validation')).toMatch(/availability/);
      expect(expectErrorShape(await list(`brand=${'b'.repeat(71)}`), 422, 'validation')).toMatch(/brand/);
    });

    it('keeps keyset pages consistent under a filter', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: request.Response = await authed(t.http, owner)
          .get(`/api/v1/catalogs/products?category=Apparel&limit=1${cursor ? `&cursor=${cursor}` : ''}`)
          .expect(200);
        seen.push(...ids(page.body));
        cursor = page.body.next_cursor;
      } while (cursor);
      expect(seen).toEqual(['boots', 'socks', 'sweater-navy-m', 'sweater-red-l']);
    });
  });
});
