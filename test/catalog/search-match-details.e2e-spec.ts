import { expectErrorShape } from '../support/assertions';
import { authed } from '../support/authed';
import { createCaller, type TestCaller } from '../support/factories';
import { upload, waitForIndexing, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { listen, mcpClient, UCP_META } from '../support/ucp-catalog';
import { expectValid, ucpValidators } from '../support/ucp-schemas';

/**
 * How each product matched (docs/search.md "How each product matched"): `_match` on every search
 * answer (REST, UCP, MCP), `match=all`, and a rare word (a typo in a few descriptions) that no
 * longer hides the common word it is one edit from.
 */
describe('Search: how each product matched', () => {
  let t: TestApp;
  let owner: TestCaller;
  let baseUrl: string;

  const eur = (amount: number) => ({ amount, currency: 'EUR' });
  /** The common word: 31 products carry it in a tag or title, so three descriptions × CORRECTION_COMMONER (30) are fewer. */
  const BLUETOOTH = Array.from({ length: 30 }, (_, i) => ({
    id: `bt-${String(i).padStart(2, '0')}`,
    title: `Bluetooth Adapter ${i}`,
    price: eur(10 + i),
  }));
  const described = (id: string, description: string) => ({ id, title: `Printed Manual ${id}`, description, price: eur(3) });
  const CATALOG = [
    { id: 'pixel-256', title: 'Pixel Phone', attributes: { storage: '256GB' }, price: eur(799) },
    { id: 'pixel-128', title: 'Pixel Phone', attributes: { storage: '128GB' }, price: eur(699) },
    { id: 'case', title: 'Phone Case', tags: ['pixel'], description: 'Fits most phones.', price: eur(19) },
    { id: 'speaker', title: 'Portable Speaker', tags: ['bluetooth'], price: eur(59) },
    ...BLUETOOTH,
    // A typo in one description (rare): the common word is searched too, below it.
    described('manual-1', 'Pair your blutooth device first.'),
    // A typo in three descriptions: still rare (RARE_WORD_PRODUCTS), 31 ≥ 3 × 10.
    ...['a', 'b', 'c'].map((k) => described(`manual-3${k}`, 'Keep the bluetoth switch on.')),
    // A typo in four descriptions: not rare, read as written.
    ...['a', 'b', 'c', 'd'].map((k) => described(`manual-4${k}`, 'The bleutooth pairing light blinks.')),
    // A word in two descriptions whose near word is in too few products (5 < 2 × 10): no correction.
    ...['a', 'b'].map((k) => described(`shirt-${k}`, 'Wear it over a shirt.')),
    ...['a', 'b', 'c', 'd', 'e'].map((k) => ({ id: `skirt-${k}`, title: `Pleated Skirt ${k}`, price: eur(40) })),
    { id: 'KIT-MIXER-01', title: 'Kitchen Mixer', mpn: 'KM-650', price: eur(199) },
  ];

  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await listen(t);
    owner = await createCaller(t.app);
    const job = await waitForJob(t.http, owner.auth, await upload(t.http, owner.auth, JSON.stringify(CATALOG)));
    expect(job.status).toBe('done');
    await waitForIndexing(t.app, owner.organizationId);
  });
  afterAll(() => t.close());

  interface Match {
    all_words: boolean;
    missing: string[];
    words: Record<string, string>;
    via?: Record<string, string>;
    score: number | null;
  }
  interface Reading {
    match: string;
    words: Array<{ word: string; status: string; to?: string[]; via?: string }>;
  }
  interface Page {
    data: Array<{ id: string; _match?: Match }>;
    total_count: number;
    interpretation: Reading;
  }
  const search = async (q: string, extra = ''): Promise<Page> =>
    (
      await authed(t.http, owner)
        .get(`/v1/catalogs/products?q=${encodeURIComponent(q)}&limit=50${extra}`)
        .expect(200)
    ).body;
  const matchOf = (page: Page, id: string): Match | undefined => page.data.find((p) => p.id === id)?._match;

  describe('_match on REST', () => {
    it('says per product which words it has and where, and which it lacks', async () => {
      const page = await search('pixel phone 256gb');
      expect(page.data.map((p) => p.id).slice(0, 2)).toEqual(['pixel-256', 'pixel-128']);
      const searched = page.interpretation.words.filter((w) => w.status === 'matched').map((w) => w.word);
      expect(searched).toEqual(expect.arrayContaining(['pixel', 'phone']));
      const best = matchOf(page, 'pixel-256') as Match;
      expect(best).toMatchObject({ all_words: true, missing: [] });
      expect(best.words).toMatchObject({ pixel: 'title', phone: 'title' });
      // The size is in an attribute: every other searched word is placed there.
      for (const word of searched.filter((w) => w !== 'pixel' && w !== 'phone')) expect(best.words[word]).toBe('brand_category_attribute');
      const other = matchOf(page, 'pixel-128') as Match;
      expect(other.all_words).toBe(false);
      expect(other.words).toMatchObject({ pixel: 'title', phone: 'title' });
      expect(other.missing.length).toBeGreaterThan(0);
      expect(other.missing.every((w) => searched.includes(w) && best.words[w] !== undefined)).toBe(true);
      // Scores as documented: title 1.0 per word, attribute 0.6 per word.
      expect(Object.values(other.words).filter((place) => place !== 'title')).toEqual(
        Array(Object.keys(other.words).length - 2).fill('brand_category_attribute'),
      );
      expect(other.score).toBeCloseTo(2 + 0.6 * (Object.keys(other.words).length - 2), 4);
      expect(best.score).toBeCloseTo(2 + 0.6 * (searched.length - 2), 4);
      const pixelCase = matchOf(page, 'case') as Match;
      expect(pixelCase.words).toEqual({ pixel: 'tags', phone: 'title' });
    });

    it('keys every product by the words the interpretation reports, and lists words the catalog lacks as missing', async () => {
      const page = await search('pixel qwxzv');
      expect(page.interpretation.words).toContainEqual({ word: 'qwxzv', status: 'not_found' });
      expect(page.data.length).toBeGreaterThan(0);
      for (const p of page.data) {
        expect(p._match?.missing).toContain('qwxzv');
        expect(p._match?.all_words).toBe(false);
      }
    });

    it('answers a product code match with the code', async () => {
      const page = await search('km-650');
      expect(page.interpretation.match).toBe('code');
      expect(page.data[0]._match).toEqual({ all_words: true, missing: [], words: { 'km-650': 'code' }, score: null });
    });

    it('is absent on a browse without q', async () => {
      const page = (await authed(t.http, owner).get('/v1/catalogs/products?limit=5').expect(200)).body as Page;
      expect(page.data.every((p) => p._match === undefined)).toBe(true);
    });
  });

  describe('match=all', () => {
    it('returns only products with every word, on the page, in sorted pages and in the facets', async () => {
      const any = await search('pixel phone 256gb');
      const all = await search('pixel phone 256gb', '&match=all');
      const everyWord = any.data.filter((p) => p._match?.all_words).map((p) => p.id);
      expect(everyWord).toEqual(['pixel-256']);
      expect(all.data.map((p) => p.id)).toEqual(everyWord);
      expect(all.total_count).toBe(1);
      expect(all.interpretation.match).toBe('all_words');
      const sorted = await search('pixel phone 256gb', '&match=all&sort=price_asc');
      expect(sorted.data.map((p) => p.id)).toEqual(everyWord);
      const facets = (
        await authed(t.http, owner)
          .get(`/v1/catalogs/products/facets?q=${encodeURIComponent('pixel phone 256gb')}&match=all`)
          .expect(200)
      ).body;
      expect(facets.total_count).toBe(1);
    });

    it('matches nothing when a word is nowhere in the catalog, and says which', async () => {
      const page = await search('pixel qwxzv', '&match=all');
      expect(page.data).toEqual([]);
      expect(page.interpretation.match).toBe('none');
      expect(page.interpretation.words).toContainEqual({ word: 'qwxzv', status: 'not_found' });
    });

    it('refuses another value with the error shape (422, like every other bad parameter)', async () => {
      const response = await authed(t.http, owner).get('/v1/catalogs/products?q=pixel&match=most');
      expect(expectErrorShape(response, 422, 'validation')).toMatch('match must be one of any, all');
    });
  });

  describe('a rare word does not block its correction', () => {
    it('searches the common near word too, the word itself first, and reports it', async () => {
      const page = await search('blutooth speaker');
      expect(page.data[0].id).toBe('speaker');
      expect(page.data[0]._match).toMatchObject({
        all_words: true,
        words: { blutooth: 'tags', speaker: 'title' },
        via: { blutooth: 'typo' },
      });
      const reading = page.interpretation.words.find((w) => w.word === 'blutooth');
      expect(reading).toEqual({ word: 'blutooth', status: 'expanded', via: 'typo', to: ['bluetooth'] });
      const alone = await search('blutooth');
      // The product that has the word as written ranks above every correction match, even in a title.
      expect(alone.data[0].id).toBe('manual-1');
      expect(alone.data[0]._match).toMatchObject({ words: { blutooth: 'description' } });
      expect(alone.data[0]._match?.via).toBeUndefined();
      expect(alone.data.length).toBe(1 + BLUETOOTH.length + 1);
    });

    it('holds up to RARE_WORD_PRODUCTS products and not beyond', async () => {
      const three = await search('bluetoth');
      expect(three.interpretation.words[0]).toMatchObject({ status: 'expanded', via: 'typo', to: ['bluetooth'] });
      expect(three.data.slice(0, 3).map((p) => p.id)).toEqual(['manual-3a', 'manual-3b', 'manual-3c']);
      const four = await search('bleutooth');
      expect(four.interpretation.words[0]).toEqual({ word: 'bleutooth', status: 'matched' });
      expect(four.data.map((p) => p.id)).toEqual(['manual-4a', 'manual-4b', 'manual-4c', 'manual-4d']);
    });

    it('leaves a word alone when its near word is not much more common', async () => {
      const page = await search('shirt');
      expect(page.interpretation.words[0]).toEqual({ word: 'shirt', status: 'matched' });
      expect(page.data.map((p) => p.id)).toEqual(['shirt-a', 'shirt-b']);
    });
  });

  describe('UCP and MCP', () => {
    it('UCP search: `_match` on each product (an extension field the schema allows) and match "all"', async () => {
      const any = await authed(t.http, owner).post('/ucp/catalog/search').send({ query: 'pixel phone 256gb' }).expect(200);
      expectValid(ucpValidators.searchResponse, any.body);
      expect(any.body.ranking_exact).toBe(true);
      const rest = await search('pixel phone 256gb', '&collapse_variants=true');
      const ucpMatches = (any.body.products as Array<{ id: string; _match: Match }>).map((p) => [p.id, p._match]);
      expect(ucpMatches).toEqual(rest.data.slice(0, ucpMatches.length).map((p) => [p.id, p._match]));
      const all = await authed(t.http, owner).post('/ucp/catalog/search').send({ query: 'pixel phone 256gb', match: 'all' }).expect(200);
      expectValid(ucpValidators.searchResponse, all.body);
      expect(all.body.products.map((p: { id: string }) => p.id)).toEqual(['pixel-256']);
      expectErrorShape(await authed(t.http, owner).post('/ucp/catalog/search').send({ query: 'pixel', match: 'most' }), 422, 'validation');
    });

    it('MCP search_catalog: `_match` in the structured result, and match "all"', async () => {
      const client = await mcpClient(baseUrl, owner.auth);
      try {
        const result = await client.callTool({
          name: 'search_catalog',
          arguments: { meta: UCP_META, catalog: { query: 'pixel phone 256gb', match: 'all' } },
        });
        const structured = result.structuredContent as { products: Array<{ id: string; _match: Match }> };
        expect(structured.products.map((p) => [p.id, p._match.all_words, p._match.missing])).toEqual([['pixel-256', true, []]]);
      } finally {
        await client.close();
      }
    });
  });
});
