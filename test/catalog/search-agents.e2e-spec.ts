import { createCaller, type TestCaller } from '../support/factories';
import { upload, waitForIndexing, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { listen, mcpClient, UCP_META } from '../support/ucp-catalog';
import { expectValid, ucpValidators } from '../support/ucp-schemas';
import { authed } from '../support/authed';

/**
 * What an agent gets back (docs/search.md): the matching ladder, typos, prefixes, normalisation,
 * attributes, counts, facets and synonyms, through REST, UCP and MCP.
 */
describe('Search for agents', () => {
  let t: TestApp;
  let owner: TestCaller;
  let other: TestCaller;
  let baseUrl: string;

  const CATALOG = [
    {
      id: 'sw-merino-1',
      title: 'Merino Crew Sweater',
      brand: 'Fjellro',
      categories: ['Apparel > Sweaters'],
      tags: ['winter'],
      attributes: { material: 'merino wool', size: 'XL' },
      price: { amount: 120, currency: 'EUR' },
      availability: 'in_stock',
    },
    {
      id: 'sw-merino-2',
      title: 'Merino Crew Sweater',
      brand: 'Fjellro',
      categories: ['Apparel > Sweaters'],
      attributes: { material: 'merino wool', size: 'M' },
      price: { amount: 110, currency: 'EUR' },
      availability: 'out_of_stock',
    },
    {
      id: 'sw-cotton',
      title: 'Cotton Crew Sweater',
      brand: 'Hearth & Loom',
      categories: ['Apparel > Sweaters'],
      description: 'Softer than merino.',
      attributes: { material: 'cotton', size: 'XL' },
      price: { amount: 60, currency: 'EUR' },
      availability: 'preorder',
    },
    {
      id: 'shirt-linen',
      title: 'Linen Shirt',
      brand: 'Margie’s',
      categories: ['Apparel > Shirts'],
      attributes: { material: 'linen', size: 'XL', colour: 'Crème' },
      price: { amount: 45, currency: 'EUR' },
      availability: 'in_stock',
    },
    {
      id: 'cable-usbc',
      title: 'USB-C Cable 2 m',
      brand: 'Voltaro',
      categories: ['Electronics > Cables'],
      attributes: { warranty_years: 2 },
      price: { amount: 9.99, currency: 'USD' },
      availability: 'in_stock',
    },
    {
      id: 'bottle',
      title: 'Steel Water Bottle 750 ml',
      brand: 'Voltaro',
      categories: ['Outdoor > Bottles'],
      price: { amount: 19, currency: 'USD' },
      availability: 'backorder',
    },
    {
      id: 'headphones',
      title: 'Wireless Headphones',
      brand: 'Müller Audio',
      categories: ['Electronics > Audio'],
      price: { amount: 89, currency: 'USD' },
    },
    { id: 'dumbbells', title: 'Adjustable Dumbbells', categories: ['Sports > Weights'], tags: ['home gym'] },
    { id: 'mat', title: 'Non-Slip Yoga Mat', categories: ['Sports > Yoga'] },
  ];

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await listen(t);
    owner = await createCaller(t.app);
    other = await createCaller(t.app);
    for (const [caller, file] of [
      [owner, CATALOG],
      [other, [{ id: 'z', title: 'Zeppelin model kit', brand: 'Sky' }]],
    ] as const) {
      const job = await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, JSON.stringify(file)));
      expect(job.status).toBe('done');
      await waitForIndexing(t.app, caller.organizationId);
    }
  });
  afterAll(() => t.close());

  const get = (path: string, caller = owner) => authed(t.http, caller).get(path);
  const ids = async (q: string, extra = '', caller = owner): Promise<string[]> =>
    (await get(`/v1/catalogs/products?q=${encodeURIComponent(q)}${extra}`, caller).expect(200)).body.data.map((p: { id: string }) => p.id);

  describe('matching ladder', () => {
    it('puts every all-words match first, then partial matches by field score; filler words decide nothing', async () => {
      const found = await ids('I am looking for a warm merino sweater please');
      expect(found.slice(0, 2).sort()).toEqual(['sw-merino-1', 'sw-merino-2']);
      // "merino" only in its description: a sweater, but not an all-words match.
      expect(found[2]).toBe('sw-cotton');
      expect(found).not.toContain('headphones');
    });

    it('finds nothing for a query with no word of the catalog, even one another organization has', async () => {
      expect(await ids('zeppelin')).toEqual([]);
      expect(await ids('zeppelin', '', other)).toEqual(['z']);
      expect(await ids('please show me')).toEqual([]);
    });

    it('adds partial matches only when the all-words matches do not fill the page', async () => {
      const page = await get('/v1/catalogs/products?q=fjellro+crew+sweater&limit=2').expect(200);
      expect(page.body).toMatchObject({ total_count: 2, total_count_exact: true, next_cursor: null });
      expect(page.body.data.map((p: { id: string }) => p.id)).toEqual(['sw-merino-1', 'sw-merino-2']);
      const filled = await get('/v1/catalogs/products?q=fjellro+crew+sweater&limit=10').expect(200);
      expect(filled.body.total_count).toBe(3); // the other brand's crew sweater joins as a partial match
      expect(filled.body.data.map((p: { id: string }) => p.id)[2]).toBe('sw-cotton');
    });

    it('pages through a ladder with the cursor, never repeating a product', async () => {
      const seen: string[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const query: string = `/v1/catalogs/products?q=${encodeURIComponent('merino sweater shirt')}&limit=1${cursor ? `&cursor=${cursor}` : ''}`;
        const body = (await get(query).expect(200)).body as { data: Array<{ id: string }>; next_cursor: string | null };
        seen.push(...body.data.map((p) => p.id));
        cursor = body.next_cursor;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual(await ids('merino sweater shirt', '&limit=100'));
    });
  });

  describe('forgiving words', () => {
    it.each([
      ['merinno sweater', 'sw-merino-1'], // one typo, 7 letters
      ['wireless headphnes', 'headphones'], // two letters off in 9
      ['headph', 'headphones'], // the last word as a prefix
      ['adjustable dumbell', 'dumbbells'],
      ['creme linen shirt', 'shirt-linen'], // accents folded
      ['margies', 'shirt-linen'], // apostrophe
      ['muller', 'headphones'],
      ['usb c cable', 'cable-usbc'], // hyphenated compound
      ['usbc cable', 'cable-usbc'], // written together
      ['non slip mat', 'mat'],
      ['750ml bottle', 'bottle'], // number glued to its unit
      ['linen shirt size xl', 'shirt-linen'], // attribute values are searchable
    ])('%s finds %s first', async (q, id) => {
      expect((await ids(q))[0]).toBe(id);
    });

    it('never corrects a word of 4 letters or fewer', async () => {
      expect(await ids('lonen')).toContain('shirt-linen'); // 5 letters: corrected
      expect(await ids('lnen')).toEqual([]);
    });

    it('corrects only to words of the same organization', async () => {
      expect(await ids('zeppelim')).toEqual([]);
      expect(await ids('zeppelim', '', other)).toEqual(['z']);
    });
  });

  describe('filters and counts', () => {
    it('filters by attributes (case-insensitive; numbers by their spelling), with and without q', async () => {
      expect((await ids('sweater', '&attributes[size]=xl')).sort()).toEqual(['sw-cotton', 'sw-merino-1']);
      const page = await get('/v1/catalogs/products?attributes%5Bsize%5D=XL&attributes%5Bmaterial%5D=Linen').expect(200);
      expect(page.body).toMatchObject({ total_count: 1, total_count_exact: true });
      expect(page.body.data.map((p: { id: string }) => p.id)).toEqual(['shirt-linen']);
      expect(await ids('cable', '&attributes[warranty_years]=2')).toEqual(['cable-usbc']);
      expect(await ids('cable', '&attributes[warranty_years]=3')).toEqual([]);
    });

    it.each([
      ['attributes[size]=M&attributes[size]=L', /attributes must be/],
      ['attributes[]=M', /attributes must be/],
      ['attribute[size]=M', /unknown parameter attribute\[size\]/],
    ])('refuses %s with 422', async (query, message) => {
      const response = await get(`/v1/catalogs/products?${query}`).expect(422);
      expect(response.body.error).toMatchObject({ type: 'validation', message: expect.stringMatching(message) });
    });

    it('counts facets that add up to total_count, for a search and for a filtered list', async () => {
      for (const query of ['q=sweater', 'category=Apparel', '']) {
        const facets = (await get(`/v1/catalogs/products/facets?${query}`).expect(200)).body;
        const list = (await get(`/v1/catalogs/products?${query}&limit=100`).expect(200)).body;
        expect(facets.total_count).toBe(list.total_count);
        const sum = (facet: { values: Array<{ count: number }>; other_count: number; missing_count: number }) =>
          facet.values.reduce((n, v) => n + v.count, 0) + facet.other_count + facet.missing_count;
        expect(sum(facets.brands)).toBe(facets.total_count);
        expect(sum(facets.availability)).toBe(facets.total_count);
        expect(facets.prices.reduce((n: number, p: { count: number }) => n + p.count, 0) + facets.unpriced_count).toBe(facets.total_count);
      }
      const sweaters = (await get('/v1/catalogs/products/facets?q=sweater').expect(200)).body;
      expect(sweaters.brands.values).toEqual([
        { value: 'Fjellro', count: 2 },
        { value: 'Hearth & Loom', count: 1 },
      ]);
      expect(sweaters.categories).toEqual([
        { level: 1, values: [{ value: 'Apparel', count: 3 }], other_count: 0, missing_count: 0 },
        { level: 2, values: [{ value: 'Apparel > Sweaters', count: 3 }], other_count: 0, missing_count: 0 },
      ]);
      expect(sweaters.prices).toEqual([{ currency: 'EUR', min: '60', max: '120', count: 3 }]);
    });
  });

  describe('synonyms', () => {
    it('applies a set on the next request, to this organization only, and ranks the word itself first', async () => {
      // Before any rule, the everyday word (WordNet: earphone = headphone) finds it; the organization's rule then takes over.
      const via = async (q: string) =>
        (await get(`/v1/catalogs/products?q=${encodeURIComponent(q)}`).expect(200)).body.interpretation.words.map(
          (w: { via?: string }) => w.via,
        );
      expect(await ids('earphones')).toEqual(['headphones']);
      expect(await via('earphones')).toEqual(['everyday']);
      const rules = [
        { type: 'group', synonyms: ['earphones', 'earbuds', 'headphones'] },
        { type: 'one_way', input: 'jumper', synonyms: ['sweater'] },
      ];
      const put = await authed(t.http, owner).put('/v1/catalogs/synonyms').send({ synonyms: rules }).expect(200);
      expect(put.body).toMatchObject({ synonyms: rules, updated_at: expect.any(String) });
      expect((await get('/v1/catalogs/synonyms').expect(200)).body.synonyms).toEqual(rules);
      expect(await ids('earphones')).toEqual(['headphones']);
      expect(await via('earphones')).toEqual(['synonym']);
      expect((await ids('jumper')).length).toBe(3);
      expect(await ids('sweater', '', other)).toEqual([]);
      expect((await get('/v1/catalogs/synonyms', other).expect(200)).body).toEqual({ synonyms: [], updated_at: null });
    });

    it('refuses a read-only token, a group of one, a word with nothing searchable and too large a set', async () => {
      const reader = await createCaller(t.app, { scopes: ['accounts--my:ro'] });
      const put = (body: unknown, caller = owner) =>
        authed(t.http, caller)
          .put('/v1/catalogs/synonyms')
          .send(body as object);
      await put({ synonyms: [] }, reader).expect(403);
      expect((await put({ synonyms: [{ type: 'group', synonyms: ['one'] }] }).expect(422)).body.error.message).toMatch(/at least 2/);
      expect((await put({ synonyms: [{ type: 'one_way', input: 'the', synonyms: ['x'] }] }).expect(422)).body.error.message).toMatch(
        /no searchable word/,
      );
      expect((await put({ synonyms: [{ type: 'one_way', synonyms: ['x'] }] }).expect(422)).body.error.message).toMatch(
        /^synonyms\[0\]: .*input is required for a one_way rule/,
      );
      const many = Array.from({ length: 501 }, (_, i) => ({ type: 'group', synonyms: [`a${i}`, `b${i}`] }));
      expect((await put({ synonyms: many }).expect(422)).body.error.message).toMatch(/at most 500/);
      const huge = Array.from({ length: 400 }, () => ({ type: 'group', synonyms: ['x'.repeat(100), 'y'.repeat(100)] }));
      await put({ synonyms: huge }).expect(413);
    });
  });

  describe('UCP and MCP', () => {
    const ucpSearch = async (catalog: object) => {
      const response = await authed(t.http, owner).post('/ucp/catalog/search').send(catalog).expect(200);
      expectValid(ucpValidators.searchResponse, response.body);
      return response.body as { products: Array<{ id: string }>; pagination: { total_count: number }; messages?: Array<{ code: string }> };
    };

    it('filters by available and attributes, and counts in pagination', async () => {
      const available = await ucpSearch({ query: 'sweater', filters: { available: true } });
      expect(available.products.map((p) => p.id).sort()).toEqual(['sw-cotton', 'sw-merino-1']);
      expect(available.pagination.total_count).toBe(2);
      const out = await ucpSearch({ query: 'sweater', filters: { available: false, availability: ['in_stock'] } });
      expect(out.products).toEqual([]);
      const xl = await ucpSearch({ query: 'shirt', filters: { attributes: { size: 'XL' } } });
      expect(xl.products.map((p) => p.id)).toEqual(['shirt-linen']);
    });

    it('drops a price filter in a currency no product has, and says so', async () => {
      const body = await ucpSearch({ query: 'sweater', filters: { price: { max: 10000 } }, context: { currency: 'JPY' } });
      expect(body.products).toHaveLength(3);
      expect(body.messages).toEqual([expect.objectContaining({ type: 'info', code: 'filter_ignored', path: '$.filters.price' })]);
      const eur = await ucpSearch({ query: 'sweater', filters: { price: { max: 10000 } }, context: { currency: 'EUR' } });
      expect(eur.products.map((p) => p.id)).toEqual(['sw-cotton']);
      expect(eur.messages).toBeUndefined();
    });

    it('answers catalog_facets like the REST facets', async () => {
      const client = await mcpClient(baseUrl, owner.auth);
      try {
        const result = await client.callTool({ name: 'catalog_facets', arguments: { catalog: { query: 'sweater' } } });
        const rest = (await get('/v1/catalogs/products/facets?q=sweater&limit=10&collapse_variants=true').expect(200)).body;
        expect(result.structuredContent).toEqual(rest);
        const searched = await client.callTool({ name: 'search_catalog', arguments: { meta: UCP_META, catalog: { query: 'merinno' } } });
        // The corrected word in a describing field first; the cotton sweater mentions merino only in its description.
        const found = (searched.structuredContent as { products: Array<{ id: string }> }).products.map((p) => p.id);
        expect(found.slice(0, 2).sort()).toEqual(['sw-merino-1', 'sw-merino-2']);
        expect(found[2]).toBe('sw-cotton');
      } finally {
        await client.close();
      }
    });
  });
});
