import { ProductCodesRepository } from '../../catalog/search/product-codes.repository';
import { Test } from '@nestjs/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { randomUUID } from 'node:crypto';
import type { Principal } from '../../auth/principal';
import { ProductFacetsService } from '../../catalog/query/product-facets.service';
import { ProductQueryRepository } from '../../catalog/query/product-query.repository';
import { ProductQueryService } from '../../catalog/query/product-query.service';
import { FakeProductQueries, storedProduct } from '../../catalog/query/testing/fake-product-queries';
import { QueryAnalyzerService } from '../../catalog/search/query-reading/query-analyzer.service';
import { RankedSearchRepository } from '../../catalog/search/ranked-search.repository';
import { ProductMatchesRepository } from '../../catalog/search/product-matches.repository';
import { AppConfig } from '../../common/config/app-config';
import { NotFoundError } from '../../common/errors/api-error';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../common/pagination/page-query.dto';
import { ReadBudgetService } from '../../reads/read-budget.service';
import { ImportJobsService } from '../../imports/import-jobs.service';
import { UcpCatalogService } from '../../ucp/ucp-catalog.service';
import { DEFAULT_PAGE_LIMIT, MAX_LOOKUP_IDS } from '../../ucp/ucp-requests';
import { CatalogOverviewService } from '../catalog-overview.service';
import { McpServerFactory } from '../mcp-server.factory';
import { FakeMcpServices } from '../testing/fake-mcp-services';
import { boundToolCalls } from '../tool-call-bounds';

const PRINCIPAL: Principal = { accountId: randomUUID(), organizationId: randomUUID(), tokenId: randomUUID(), scopes: ['accounts--my:ro'] };
const ORG = PRINCIPAL.organizationId;
const META = { 'ucp-agent': { profile: 'https://agent.example/profile.json' } };
const text = (result: CallToolResult) => (result.content[0] as { text: string }).text;

/** The tools of one request's McpServer (as McpServerFactory builds it), through the official client over an in-memory transport. */
describe('MCP tools', () => {
  let services: FakeMcpServices;
  let queries: FakeProductQueries;
  let factory: McpServerFactory;
  let client: Client;
  const reads = {
    inFlightPerAccount: 1,
    inFlightPerOrganization: 1,
    inFlightPerProcess: 1,
    responseMaxBytes: 100_000,
    statementTimeoutMs: 0,
  };

  beforeEach(async () => {
    services = new FakeMcpServices();
    queries = new FakeProductQueries();
    const moduleRef = await Test.createTestingModule({
      providers: [
        McpServerFactory,
        UcpCatalogService,
        ProductQueryService,
        ReadBudgetService,
        { provide: ProductQueryRepository, useValue: queries.repository },
        { provide: QueryAnalyzerService, useValue: queries.analyzer },
        { provide: ProductCodesRepository, useValue: queries.codes },
        { provide: RankedSearchRepository, useValue: queries.ranked },
        { provide: ProductMatchesRepository, useValue: queries.matches },
        { provide: CatalogOverviewService, useValue: services.overview },
        { provide: ImportJobsService, useValue: services.jobs },
        { provide: ProductFacetsService, useValue: services.facets },
        { provide: AppConfig, useValue: { reads } },
      ],
    }).compile();
    factory = moduleRef.get(McpServerFactory);
    client = await connect();
  });

  afterEach(() => client.close());

  /**
   * A client of a fresh server. `bound` puts the tool calls that follow the handshake under the
   * account's read budget, as the endpoint does for each POST.
   */
  async function connect(bound?: ReadBudgetService): Promise<Client> {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await factory.create(PRINCIPAL).connect(serverSide);
    const connected = new Client({ name: 'spec', version: '1.0.0' });
    await connected.connect(clientSide);
    if (bound) boundToolCalls(serverSide, bound, PRINCIPAL);
    return connected;
  }

  const call = (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

  it('offers the eight tools, every one read-only', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'catalog_facets',
      'catalog_overview',
      'get_import_status',
      'get_product',
      'list_import_errors',
      'list_imports',
      'lookup_catalog',
      'search_catalog',
    ]);
    expect(tools.filter((t) => t.annotations?.readOnlyHint !== true)).toEqual([]);
  });

  it("answers with the service's object as structured content and the same JSON as text, for the caller's organization only", async () => {
    const result = await call('catalog_overview');
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ organization_id: ORG, product_count: 0 });
    expect(JSON.parse(text(result))).toEqual(result.structuredContent);
    expect(services.callsTo('overview')).toEqual([[ORG]]);
  });

  it(`pages list_imports with a default limit of ${DEFAULT_PAGE_SIZE}, passing limit and cursor through`, async () => {
    await call('list_imports');
    await call('list_imports', { limit: MAX_PAGE_SIZE, cursor: 'abc' });
    expect(services.callsTo('jobs.list')).toEqual([
      [ORG, DEFAULT_PAGE_SIZE, undefined],
      [ORG, MAX_PAGE_SIZE, 'abc'],
    ]);
  });

  describe('refuse arguments outside their schema (JSON-RPC invalid params, -32602, as a tool error), without calling the service', () => {
    it.each<[string, string, Record<string, unknown>, string]>([
      ['a limit of 0', 'list_imports', { limit: 0 }, 'limit'],
      [`a limit above ${MAX_PAGE_SIZE}`, 'list_imports', { limit: MAX_PAGE_SIZE + 1 }, 'limit'],
      ['a fractional limit', 'list_imports', { limit: 1.5 }, 'limit'],
      ['a cursor over 1,024 characters', 'list_import_errors', { job_id: randomUUID(), cursor: 'c'.repeat(1025) }, 'cursor'],
      ['a job id that is not a UUID', 'get_import_status', { job_id: 'job-1' }, 'job_id'],
      ['no ucp-agent profile in meta', 'search_catalog', { meta: {}, catalog: { query: 'wool' } }, 'meta.ucp-agent'],
      [
        `more than ${MAX_LOOKUP_IDS} ids`,
        'lookup_catalog',
        { meta: META, catalog: { ids: Array.from({ length: MAX_LOOKUP_IDS + 1 }, (_, i) => `id-${i}`) } },
        'catalog.ids',
      ],
      ['no ids', 'lookup_catalog', { meta: META, catalog: { ids: [] } }, 'catalog.ids'],
    ])('%s', async (_case, name, args, path) => {
      const result = await call(name, args);
      expect(result.isError).toBe(true);
      expect(text(result)).toMatch(`MCP error -32602: Input validation error: Invalid arguments for tool ${name}: `);
      expect(text(result).endsWith(` at ${path}`)).toBe(true);
      expect(services.calls).toEqual([]);
      expect(queries.calls).toEqual([]);
    });
  });

  describe('report a failure as a tool error an agent can act on, never internals', () => {
    it('an API error keeps its message', async () => {
      const jobId = randomUUID();
      services.failure = new NotFoundError(`Import job ${jobId} not found`);
      const result = await call('get_import_status', { job_id: jobId });
      expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: `Import job ${jobId} not found` }] });
    });

    it('an unavailable backing service asks to retry', async () => {
      services.failure = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      await expect(call('catalog_overview')).resolves.toMatchObject({
        isError: true,
        content: [{ text: 'A backing service is unavailable; retry shortly' }],
      });
    });

    it('anything else is an unexpected error, its text withheld', async () => {
      services.failure = new Error('relation "secret_table" does not exist');
      const result = await call('list_imports');
      expect(result).toMatchObject({ isError: true, content: [{ text: 'An unexpected error occurred' }] });
      expect(JSON.stringify(result)).not.toContain('secret_table');
    });
  });

  describe('UCP tools', () => {
    beforeEach(() => {
      queries.products.push(storedProduct(ORG, 'mug', { title: 'Mug', price: { amount: 9.5, currency: 'USD' } }));
      queries.products.push(storedProduct(ORG, 'sticker', { title: 'Sticker' }));
    });

    it('lookup_catalog maps priced products (minor units), reports unpriced and unknown ids, and looks each id up once', async () => {
      const result = await call('lookup_catalog', { meta: META, catalog: { ids: ['mug', 'mug', 'sticker', 'nope'] } });
      expect(result.isError).toBeFalsy();
      const body = result.structuredContent as { products: Array<{ id: string; price_range: unknown }>; messages: unknown[] };
      expect(body.products.map((p) => [p.id, p.price_range])).toEqual([
        ['mug', { min: { amount: 950, currency: 'USD' }, max: { amount: 950, currency: 'USD' } }],
      ]);
      expect(body.messages).toEqual([
        expect.objectContaining({ type: 'info', code: 'no_price' }),
        { type: 'info', code: 'not_found', content: 'nope' },
      ]);
      expect(queries.callsTo('findMany').map(([, ids]) => ids)).toEqual([['mug', 'sticker', 'nope']]);
    });

    it('get_product answers an unknown id with ucp.status "error" and not_found, not a tool error', async () => {
      const result = await call('get_product', { meta: META, catalog: { id: 'nope' } });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ ucp: { status: 'error' }, messages: [{ code: 'not_found' }] });
    });

    it(`catalog_facets counts what search_catalog would return: the query, priced products only, ${DEFAULT_PAGE_LIMIT} per page by default`, async () => {
      await call('catalog_facets', { catalog: { query: 'wool', filters: { brand: 'Acme' } } });
      const [[organizationId, criteria, pageSize]] = services.callsTo('facets.count');
      expect([organizationId, pageSize]).toEqual([ORG, DEFAULT_PAGE_LIMIT]);
      expect(criteria).toMatchObject({ q: 'wool', pricedOnly: true });
    });
  });

  describe('under the read budget of the account (boundToolCalls)', () => {
    it('answers a call that finds no free read slot with a JSON-RPC error asking to retry', async () => {
      const budget = new ReadBudgetService({ reads } as AppConfig);
      const bounded = await connect(budget);
      const held = budget.tryAcquire(PRINCIPAL) as () => void;
      try {
        await expect(bounded.callTool({ name: 'catalog_overview', arguments: {} })).rejects.toMatchObject({
          code: -32000,
          message: expect.stringContaining('reads in progress'),
          data: { retry_after_seconds: 1 },
        });
        expect(services.calls).toEqual([]);
      } finally {
        held();
        await bounded.close();
      }
    });

    it('replaces an answer beyond READ_RESPONSE_MAX_BYTES with a JSON-RPC error naming the limit', async () => {
      const budget = new ReadBudgetService({ reads: { ...reads, responseMaxBytes: 200 } } as AppConfig);
      const bounded = await connect(budget);
      try {
        await expect(bounded.callTool({ name: 'catalog_overview', arguments: {} })).rejects.toMatchObject({
          code: -32000,
          message: expect.stringContaining('above the 200-byte limit'),
        });
        // The slot came back: a later call is not refused as busy (its answer is still too large).
        await expect(bounded.callTool({ name: 'catalog_overview', arguments: {} })).rejects.toMatchObject({
          message: expect.not.stringContaining('reads in progress'),
        });
      } finally {
        await bounded.close();
      }
    });
  });
});
