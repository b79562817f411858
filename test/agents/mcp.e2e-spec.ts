import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import request from 'supertest';
import { expectErrorShape, IMPORT_JOB_FIELDS } from '../support/assertions';
import { createCaller, type TestCaller } from '../support/factories';
import { upload, waitForCatalogStats, waitForIndexing, waitForJob } from '../support/imports';
import { listen, mcpClient, UCP_CATALOG, UCP_META } from '../support/ucp-catalog';
import { expectValid, ucpValidators } from '../support/ucp-schemas';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

type Structured = Record<string, unknown> & { products: Array<Record<string, unknown> & { id: string }> };

describe('MCP endpoint (official SDK client, Streamable HTTP, stateless)', () => {
  let t: TestApp;
  let baseUrl: string;
  let owner: TestCaller;
  let stranger: TestCaller;
  let client: Client;
  let jobId: string;

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await listen(t);
    owner = await createCaller(t.app);
    stranger = await createCaller(t.app);
    jobId = await upload(t.http, owner.auth, JSON.stringify([...UCP_CATALOG, { id: 'broken', title: '' }]));
    await waitForJob(t.http, owner.auth, jobId);
    await upload(
      t.http,
      stranger.auth,
      JSON.stringify([{ id: 'secret', title: 'Stranger wool', price: { amount: 1, currency: 'EUR' } }]),
    ).then((id) => waitForJob(t.http, stranger.auth, id));
    await waitForIndexing(t.app, owner.organizationId);
    await waitForIndexing(t.app, stranger.organizationId);
    client = await mcpClient(baseUrl, owner.auth);
  });
  afterAll(async () => {
    await client?.close();
    await t.close();
  });

  const call = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const structured = async (name: string, args: Record<string, unknown>): Promise<Structured> => {
    const result = await call(name, args);
    expect(result.isError ?? false).toBe(false);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
    return result.structuredContent as Structured;
  };
  const errorText = async (name: string, args: Record<string, unknown>): Promise<string> => {
    const result = await call(name, args);
    expect(result.isError).toBe(true);
    return (result.content[0] as { text: string }).text;
  };
  const search = (catalog: Record<string, unknown>) => structured('search_catalog', { meta: UCP_META, catalog });

  describe('authentication, exactly as REST', () => {
    it('answers 401 ErrorResponse with WWW-Authenticate without or with wrong credentials', async () => {
      const body = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
      const none = await request(t.http).post('/mcp').send(body);
      expectErrorShape(none, 401, 'authentication');
      expect(none.headers['www-authenticate']).toBe('Basic realm="product-directory"');
      const wrong = await request(t.http)
        .post('/mcp')
        .set('Authorization', `Basic ${Buffer.from(`${owner.accountId}:nope`).toString('base64')}`)
        .send(body);
      expectErrorShape(wrong, 401, 'authentication');
      await expect(mcpClient(baseUrl, 'Basic bm9ib2R5Om5vdGhpbmc=')).rejects.toThrow(/Missing or invalid credentials/);
    });

    it('answers 403 to a token without accounts--my:ro', async () => {
      const noScope = await createCaller(t.app, { scopes: [] });
      const response = await authed(t.http, noScope).post('/mcp').send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
      expectErrorShape(response, 403, 'authorization');
    });

    it('accepts the bare Base64 form of the credentials and refuses GET (stateless: no stream)', async () => {
      const bare = owner.auth.replace(/^Basic /, '');
      const bareClient = await mcpClient(baseUrl, bare);
      expect((await bareClient.listTools()).tools.length).toBe(8);
      await bareClient.close();
      const get = await authed(t.http, owner).get('/mcp');
      expectErrorShape(get, 405, 'bad_request');
    });
  });

  it('lists the eight tools, each with an input and an output schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        'catalog_facets',
        'catalog_overview',
        'get_import_status',
        'get_product',
        'list_import_errors',
        'list_imports',
        'lookup_catalog',
        'search_catalog',
      ].sort(),
    );
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.description?.length).toBeGreaterThan(20);
    }
    const searchTool = tools.find((tool) => tool.name === 'search_catalog');
    expect(searchTool?.inputSchema.required).toEqual(expect.arrayContaining(['meta', 'catalog']));
  });

  describe('search_catalog', () => {
    it('returns UCP products valid against search_response, prices in minor units', async () => {
      const result = await search({ query: 'wool' });
      expectValid(ucpValidators.searchResponse, result);
      expect(result.ucp).toEqual({
        version: '2026-04-08',
        capabilities: { 'dev.ucp.shopping.catalog.search': [{ version: '2026-04-08' }] },
      });
      // The unpriced poster matches "wool" but is no UCP product; the stranger's product is invisible;
      // the sweater's two variants (one group_id) are one product.
      expect(result.products.map((p) => p.id).sort()).toEqual(['socks', 'sweater-navy-m']);
      const sweater = result.products.find((p) => p.id === 'sweater-navy-m');
      expect(sweater).toMatchObject({
        price_range: { min: { amount: 6995, currency: 'EUR' }, max: { amount: 8990, currency: 'EUR' } },
        list_price_range: { min: { amount: 8990, currency: 'EUR' } },
        categories: [
          { value: 'Apparel > Sweaters', taxonomy: 'merchant' },
          { value: 'Gifts', taxonomy: 'merchant' },
        ],
        media: [
          { type: 'image', url: 'https://cdn.example.com/sweater/main.jpg' },
          { type: 'image', url: 'https://cdn.example.com/sweater/back.jpg' },
        ],
        metadata: { brand: 'Northwind', group_id: 'sweater', attributes: { color: 'navy', size: 'M' }, sibling_count: 1 },
        variants: [
          {
            id: 'sweater-navy-m',
            price: { amount: 6995, currency: 'EUR' },
            list_price: { amount: 8990, currency: 'EUR' },
            availability: { available: true, status: 'in_stock' },
            barcodes: [{ type: 'GTIN', value: '4006381333931' }],
            metadata: { mpn: 'NW-SW-001', condition: 'new', inventory_quantity: 12 },
          },
          { id: 'sweater-red-l', price: { amount: 8990, currency: 'EUR' }, availability: { available: false, status: 'out_of_stock' } },
        ],
      });
    });

    it('uses each currency exponent (JPY 0, BHD 3) and maps out_of_stock to unavailable', async () => {
      const grocery = await search({ filters: { categories: ['grocery'] } });
      expectValid(ucpValidators.searchResponse, grocery);
      const prices = Object.fromEntries(grocery.products.map((p) => [p.id, (p.price_range as { min: unknown }).min]));
      expect(prices).toEqual({ 'tea-jp': { amount: 1200, currency: 'JPY' }, 'dates-bh': { amount: 4125, currency: 'BHD' } });
      const red = await search({ filters: { availability: ['out_of_stock'] } });
      expect(red.products.map((p) => (p.variants as Array<{ availability: unknown }>)[0].availability)).toEqual([
        { available: false, status: 'out_of_stock' },
      ]);
    });

    it('filters by category prefix, brand and price in minor units of context.currency', async () => {
      const ids = async (catalog: Record<string, unknown>) => (await search(catalog)).products.map((p) => p.id).sort();
      expect(await ids({ filters: { categories: ['Apparel'] } })).toEqual(['boots', 'socks', 'sweater-navy-m']);
      expect(await ids({ filters: { categories: ['apparel>shoes'] } })).toEqual(['boots']);
      expect(await ids({ filters: { categories: ['Apparel > Sweat'] } })).toEqual([]); // whole segments only
      expect(await ids({ filters: { brand: 'NORTHWIND' } })).toEqual(['sweater-navy-m']);
      // The sale price (69.95) counts, not the list price; 89.90 is at the bound (both variants of one product).
      const priced = await search({ filters: { price: { min: 6000, max: 8990 } }, context: { currency: 'EUR' } });
      expect(priced.products.map((p) => [p.id, (p.variants as Array<{ id: string }>).map((v) => v.id)])).toEqual([
        ['sweater-navy-m', ['sweater-navy-m', 'sweater-red-l']],
      ]);
      expect(await ids({ filters: { price: { max: 1199 } }, context: { currency: 'JPY' } })).toEqual([]);
      expect(await ids({ query: 'sweater', filters: { availability: ['in_stock'] } })).toEqual(['sweater-navy-m']);
    });

    it('pages with the cursor (default 10, clamped at 100) and equals the UCP REST binding and the REST list', async () => {
      // Three products (the sweater's two variants are one).
      const first = await search({ filters: { categories: ['Apparel'] }, pagination: { limit: 2 } });
      expect(first.pagination).toEqual({ has_next_page: true, cursor: expect.any(String), total_count: 3 });
      const second = await search({
        filters: { categories: ['Apparel'] },
        pagination: { limit: 2, cursor: (first.pagination as { cursor: string }).cursor },
      });
      expect(second.pagination).toEqual({ has_next_page: false, total_count: 3 });
      expect([...first.products, ...second.products].map((p) => p.id)).toEqual(['boots', 'socks', 'sweater-navy-m']);

      const catalog = { query: 'wool', filters: { categories: ['Apparel'] }, pagination: { limit: 500 } };
      const rest = await authed(t.http, owner).post('/ucp/catalog/search').send(catalog).expect(200);
      expect(await search(catalog)).toEqual(rest.body);
      const list = await authed(t.http, owner).get('/v1/catalogs/products?q=wool&category=Apparel&limit=100&collapse_variants=true').expect(200);
      expect(rest.body.products.map((p: { id: string }) => p.id)).toEqual(list.body.data.map((p: { id: string }) => p.id));
    });

    it('finds a freshly imported product', async () => {
      const fresh = await upload(
        t.http,
        owner.auth,
        JSON.stringify([{ id: 'kettle', title: 'Copper kettle', price: { amount: 45, currency: 'USD' } }]),
      );
      await waitForJob(t.http, owner.auth, fresh);
      await waitForIndexing(t.app, owner.organizationId);
      const result = await search({ query: 'copper kettle' });
      expect(result.products.map((p) => p.id)).toEqual(['kettle']);
      expect(result.products[0].price_range).toEqual({ min: { amount: 4500, currency: 'USD' }, max: { amount: 4500, currency: 'USD' } });
    });

    it('answers bad arguments with isError and a clear message, never an HTTP or protocol error', async () => {
      expect(await errorText('search_catalog', { catalog: { query: 'wool' } })).toMatch(/meta/);
      expect(await errorText('search_catalog', { meta: UCP_META, catalog: {} })).toMatch(/query or at least one filter/);
      expect(await errorText('search_catalog', { meta: UCP_META, catalog: { filters: { price: { max: 100 } } } })).toMatch(
        /context\.currency/,
      );
      expect(await errorText('search_catalog', { meta: UCP_META, catalog: { filters: { colour: 'red' } } })).toMatch(/colour/);
      expect(await errorText('search_catalog', { meta: UCP_META, catalog: { query: 'wool', pagination: { limit: 0 } } })).toMatch(/limit/);
      expect(
        await errorText('search_catalog', { meta: UCP_META, catalog: { query: 'wool', pagination: { cursor: 'bm90LWEtY3Vyc29y' } } }),
      ).toMatch(/cursor is not a cursor/);
      expect(await errorText('lookup_catalog', { meta: UCP_META, catalog: { ids: [] } })).toMatch(/ids/);
      expect(
        await errorText('lookup_catalog', { meta: UCP_META, catalog: { ids: Array.from({ length: 101 }, (_, i) => `x${i}`) } }),
      ).toMatch(/ids/);
      expect(await errorText('get_product', { meta: UCP_META, catalog: { id: 42 } })).toMatch(/id/);
      expect(await errorText('get_import_status', { job_id: 'not-a-uuid' })).toMatch(/job_id/);
    });
  });

  describe('lookup_catalog and get_product', () => {
    it("looks up ids; missing, unpriced and other organizations' ids come back as messages", async () => {
      const result = await structured('lookup_catalog', {
        meta: UCP_META,
        catalog: { ids: ['tea-jp', 'socks', 'tea-jp', 'nope', 'secret', 'poster'] },
      });
      expectValid(ucpValidators.lookupResponse, result);
      expect(result.products.map((p) => p.id)).toEqual(['tea-jp', 'socks']);
      expect(result.products[0].variants).toEqual([expect.objectContaining({ id: 'tea-jp', inputs: [{ id: 'tea-jp', match: 'exact' }] })]);
      expect(result.messages).toEqual([
        { type: 'info', code: 'not_found', content: 'nope' },
        { type: 'info', code: 'not_found', content: 'secret' },
        { type: 'info', code: 'no_price', content: expect.stringContaining('poster') },
      ]);
      const rest = await authed(t.http, owner)
        .post('/ucp/catalog/lookup')
        .send({ ids: ['tea-jp', 'socks', 'nope'] })
        .expect(200);
      expectValid(ucpValidators.lookupResponse, rest.body);
      expect(await structured('lookup_catalog', { meta: UCP_META, catalog: { ids: ['tea-jp', 'socks', 'nope'] } })).toEqual(rest.body);
    });

    it('applies filters after resolution: a filtered-out id is left out without a message', async () => {
      const result = await structured('lookup_catalog', {
        meta: UCP_META,
        catalog: { ids: ['socks', 'boots', 'nope'], filters: { brand: 'contoso', price: { min: 10000 } }, context: { currency: 'USD' } },
      });
      expect(result.products.map((p) => p.id)).toEqual(['boots']);
      expect(result.messages).toEqual([{ type: 'info', code: 'not_found', content: 'nope' }]);
    });

    it('gets one product, and answers an unknown or foreign id with ucp.status error', async () => {
      const found = await structured('get_product', { meta: UCP_META, catalog: { id: 'sweater-navy-m' } });
      expectValid(ucpValidators.getProductResponse, found);
      expect(found.product).toMatchObject({
        id: 'sweater-navy-m',
        title: 'Merino wool sweater',
        description: { plain: 'Soft merino crew neck.' },
      });
      const rest = await authed(t.http, owner).post('/ucp/catalog/product').send({ id: 'sweater-navy-m' }).expect(200);
      expect(found).toEqual(rest.body);
      const stored = await authed(t.http, owner).get('/v1/catalogs/products/sweater-navy-m').expect(200);
      expect((found.product as { title: string }).title).toBe(stored.body.title);

      for (const id of ['nope', 'secret']) {
        const missing = await structured('get_product', { meta: UCP_META, catalog: { id } });
        expectValid(ucpValidators.errorResponse, missing);
        expect(missing.messages).toEqual([
          { type: 'error', code: 'not_found', content: `Product not found: ${id}`, severity: 'unrecoverable' },
        ]);
      }
    });
  });

  describe('service tools', () => {
    it('catalog_overview counts the catalog (the counts the worker maintains)', async () => {
      await waitForCatalogStats(t.app, owner.organizationId);
      const overview = await structured('catalog_overview', {});
      expect(overview).toMatchObject({
        organization_id: owner.organizationId,
        product_count: expect.any(Number),
        by_availability: expect.objectContaining({ in_stock: 2, out_of_stock: 1, preorder: 1, backorder: 1 }),
      });
      expect((overview.top_brands as Array<{ brand: string; count: number }>)[0]).toEqual({ brand: 'Northwind', count: 2 });
      expect(overview.top_categories).toEqual(expect.arrayContaining([{ category: 'Apparel > Sweaters', count: 2 }]));
      const rest = await authed(t.http, owner).get('/v1/catalogs').expect(200);
      expect(overview).toMatchObject(rest.body);
      expect(Date.parse(overview.stats_as_of as string)).toBeGreaterThanOrEqual(Date.parse(rest.body.last_import.completed_at));
    });

    it('list_imports, get_import_status (the nine fields) and list_import_errors equal REST', async () => {
      const imports = await structured('list_imports', { limit: 100 });
      const restImports = await authed(t.http, owner).get('/v1/catalogs/imports?limit=100').expect(200);
      expect(imports).toEqual(restImports.body);

      const status = await structured('get_import_status', { job_id: jobId });
      expect(Object.keys(status).sort()).toEqual(IMPORT_JOB_FIELDS);
      expect(status).toMatchObject({ job_id: jobId, status: 'done', total: UCP_CATALOG.length + 1, failed_count: 1 });

      const errors = await structured('list_import_errors', { job_id: jobId });
      const restErrors = await authed(t.http, owner).get(`/v1/catalogs/imports/${jobId}/errors`).expect(200);
      expect(errors).toEqual(restErrors.body);
      expect(errors.data).toEqual([expect.objectContaining({ index: UCP_CATALOG.length, product_id: 'broken' })]);
    });

    it("answers another organization's job as not found", async () => {
      const strangerClient = await mcpClient(baseUrl, stranger.auth);
      const result = (await strangerClient.callTool({ name: 'get_import_status', arguments: { job_id: jobId } })) as CallToolResult;
      await strangerClient.close();
      expect(result.isError).toBe(true);
      expect((result.content[0] as { text: string }).text).toBe(`Import job ${jobId} not found`);
      expect(await errorText('list_import_errors', { job_id: '00000000-0000-4000-8000-000000000000' })).toMatch(/not found/);
    });
  });
});
