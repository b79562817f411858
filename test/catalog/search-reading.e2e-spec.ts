import { createCaller, type TestCaller } from '../support/factories';
import { upload, waitForIndexing, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { listen, mcpClient, UCP_META } from '../support/ucp-catalog';
import { expectValid, ucpValidators } from '../support/ucp-schemas';
import { authed } from '../support/authed';

/**
 * How a query is read (docs/search.md "How a query is read"): constraints kept, stop words that
 * carry meaning, missing words reported, codes found exactly, phrase and exclusion syntax,
 * Damerau corrections, bounds; and the `interpretation` object through REST, UCP and MCP.
 */
describe('Search: how a query is read', () => {
  let t: TestApp;
  let owner: TestCaller;
  let baseUrl: string;

  const eur = (amount: number) => ({ amount, currency: 'EUR' });
  const CATALOG = [
    { id: 'hp-on', title: 'Studio On-Ear Headphones', categories: ['Audio'], price: eur(40), availability: 'in_stock' },
    { id: 'hp-over', title: 'Studio Over-Ear Headphones', categories: ['Audio'], price: eur(90), availability: 'out_of_stock' },
    { id: 'can', title: 'Watering Can 5 L', categories: ['Garden'], price: eur(15), availability: 'in_stock' },
    { id: 'bottle', title: 'Steel Water Bottle', categories: ['Outdoor'], price: eur(19), availability: 'in_stock' },
    { id: 'tee-s', title: 'Crew Neck Tee', attributes: { size: 'S' }, price: eur(20) },
    { id: 'tee-xl', title: 'Crew Neck Tee', attributes: { size: 'XL' }, price: eur(20) },
    { id: 'tee-v', title: 'V-Neck Tee', attributes: { size: 'M' }, price: eur(22) },
    { id: 'jacket-wp', title: 'Waterproof Rain Jacket', price: eur(120) },
    { id: 'jacket-soft', title: 'Softshell Jacket', description: 'Breathable and light.', price: eur(95) },
    { id: 'bread-gf', title: 'Gluten Free Sourdough Loaf', price: eur(6) },
    { id: 'bread', title: 'Sourdough Loaf', description: 'Wheat flour, water, salt.', price: eur(4) },
    { id: 'chips', title: 'Bag of Chips Sea Salt', price: eur(2) },
    { id: 'cable-c', title: 'USB-C Cable', price: eur(9) },
    { id: 'cable-a', title: 'USB-A Cable', price: eur(7) },
    { id: 'green-tea', title: 'Green Tea', price: eur(5) },
    { id: 'teak', title: 'Teak Garden Bench', price: eur(300) },
    { id: 'KIT-MIXER-01', title: 'Kitchen Mixer', mpn: 'KM-650', gtin: '4006381333931', price: eur(199) },
    { id: 'scanner', title: 'Barcode Scanner', gtin: '036000291452', price: eur(49) },
    { id: 'phone', title: 'Pocket Phone', attributes: { storage: '256GB' }, price: eur(499) },
    { id: 'shoes', title: 'Running Shoes', attributes: { size: 44 }, price: eur(80) },
    { id: 'lamp', title: 'Desk Lamp 50 W', price: eur(30) },
    { id: 'flashlight', title: 'LED Flashlight', price: eur(12) },
    { id: 'diaper', title: 'Baby Diaper Pack', price: eur(14) },
    { id: 'hoodie-gray', title: 'Gray Hoodie', price: eur(45) },
    { id: 'sofa', title: 'Velvet Sofa', price: eur(650) },
    { id: 'crib', title: 'Wooden Crib', price: eur(180) },
    { id: 'cotton-bag', title: 'Cotton Shopper', price: eur(8) },
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

  interface Reading {
    match: string;
    words: Array<{ word: string; status: string; to?: string[]; via?: string; reason?: string }>;
    inferred: Record<string, unknown>;
  }
  const search = async (q: string, extra = '&limit=50'): Promise<{ ids: string[]; interpretation: Reading }> => {
    const body = (
      await authed(t.http, owner)
        .get(`/v1/catalogs/products?q=${encodeURIComponent(q)}${extra}`)
        .expect(200)
    ).body;
    return { ids: body.data.map((p: { id: string }) => p.id), interpretation: body.interpretation };
  };
  const statusOf = (reading: Reading, word: string) => reading.words.find((w) => w.word === word);

  describe('the interpretation object', () => {
    it('is on every page: browse without q, all_words when every word matched', async () => {
      const browse = (await authed(t.http, owner).get('/v1/catalogs/products?limit=1').expect(200)).body;
      expect(browse.interpretation).toEqual({ match: 'browse', words: [], inferred: {} });
      const { ids, interpretation } = await search('sourdough loaf');
      expect(ids.sort()).toEqual(['bread', 'bread-gf']);
      expect(interpretation).toEqual({
        match: 'all_words',
        words: [
          { word: 'sourdough', status: 'matched' },
          { word: 'loaf', status: 'matched' },
        ],
        inferred: {},
      });
    });

    it('reports a word the catalog lacks as not_found and the answer as partial ("no size 47")', async () => {
      const { ids, interpretation } = await search('running shoes size 47');
      expect(ids).toEqual(['shoes']);
      expect(interpretation.match).toBe('partial');
      expect(statusOf(interpretation, '47')).toEqual({ word: '47', status: 'not_found' });
      expect(statusOf(interpretation, 'running')).toEqual({ word: 'running', status: 'matched' });
    });

    it('says none when nothing matched, and ignores stop words with a reason', async () => {
      const { ids, interpretation } = await search('the zeppelin');
      expect(ids).toEqual([]);
      expect(interpretation.match).toBe('none');
      expect(interpretation.words).toEqual([
        { word: 'the', status: 'ignored', reason: 'stop_word' },
        { word: 'zeppelin', status: 'not_found' },
      ]);
    });

    it('ignores a quoted phrase of symbols only, with a reason (an empty phrase once made an invalid tsquery: 500)', async () => {
      const alone = await search('"😀');
      expect(alone.ids).toEqual([]);
      expect(alone.interpretation.words).toEqual([{ word: '😀', status: 'ignored', reason: 'no_words' }]);
      const beside = await search('sourdough "😀 §"');
      expect(beside.ids.sort()).toEqual(['bread', 'bread-gf']);
      expect(statusOf(beside.interpretation, '😀 §')).toEqual({ word: '😀 §', status: 'ignored', reason: 'no_words' });
    });
  });

  describe('constraints kept', () => {
    it('reads a price bound as a filter in the catalog currency, not as a word (a 50 W lamp is not "under 50")', async () => {
      const { ids, interpretation } = await search('headphones under 50');
      expect(ids).toEqual(['hp-on']);
      expect(interpretation.inferred).toEqual({ price_max: { amount: 50, currency: 'EUR' } });
      expect(interpretation.words.filter((w) => w.status === 'filter').map((w) => w.word)).toEqual(['under', '50']);
      expect((await search('lamp under 20')).ids).toEqual([]);
    });

    it.each([
      ['headphones below €60', { price_max: eur(60) }, ['hp-on']],
      ['headphones over 50 eur', { price_min: eur(50) }, ['hp-over']],
      ['headphones between 30 and 100', { price_min: eur(30), price_max: eur(100) }, ['hp-on', 'hp-over']],
      ['headphones less than 45', { price_max: eur(45) }, ['hp-on']],
    ])('%s', async (q, inferred, expected) => {
      const { ids, interpretation } = await search(q);
      expect(ids.sort()).toEqual(expected);
      expect(interpretation.inferred).toEqual(inferred);
    });

    it('reads "in stock" as an availability filter and "cheapest"/"newest" as a sort', async () => {
      const stock = await search('headphones in stock');
      expect(stock.ids).toEqual(['hp-on']);
      expect(stock.interpretation.inferred).toEqual({ availability: ['in_stock'] });
      const cheapest = await search('cheapest headphones');
      expect(cheapest.interpretation.inferred).toEqual({ sort: 'price_asc' });
      expect(statusOf(cheapest.interpretation, 'cheapest')).toEqual({ word: 'cheapest', status: 'sort' });
      expect((await search('newest tee')).interpretation.inferred).toEqual({ sort: 'newest' });
    });

    it('never overrides a filter the caller passed', async () => {
      const { ids, interpretation } = await search('headphones under 50', '&currency=EUR&price_max=100&limit=50');
      expect(ids.sort()).toEqual(['hp-on', 'hp-over']);
      expect(interpretation.inferred).toEqual({});
    });
  });

  describe('stop words that carry meaning', () => {
    // limit=1: the all-words match alone (a fuller page would add the partial matches after it).
    it.each([
      ['on-ear headphones', ['hp-on']],
      ['over ear headphones', ['hp-over']],
      ['watering can', ['can']],
      ['crew neck tee s', ['tee-s']],
      ['bag of chips', ['chips']],
      ['"bag of chips"', ['chips']],
    ])('%s finds %j', async (q, expected) => {
      const { ids, interpretation } = await search(q, '&limit=1');
      expect(ids).toEqual(expected);
      expect(interpretation.match).toBe('all_words');
    });

    it('excludes what follows "not" / "without", and reads "X free" as a phrase', async () => {
      const jacket = await search('jacket not waterproof');
      expect(jacket.ids).toEqual(['jacket-soft']);
      expect(statusOf(jacket.interpretation, 'waterproof')).toEqual({ word: 'waterproof', status: 'excluded' });
      expect((await search('jacket without waterproof')).ids).toEqual(['jacket-soft']);
      const free = await search('gluten free sourdough');
      expect(free.ids).toEqual(['bread-gf', 'bread']); // the plain loaf only as a partial match, after
      expect(free.interpretation.match).toBe('partial');
      expect(statusOf(free.interpretation, 'gluten free')).toEqual({ word: 'gluten free', status: 'matched' });
      expect((await search('gluten-free loaf', '&limit=1')).ids).toEqual(['bread-gf']);
    });
  });

  describe('codes', () => {
    it.each([
      '4006381333931',
      '04006381333931',
      'KM650',
      'km-650',
      'km 650',
      'kit-mixer-01',
      'KIT MIXER 01',
      '036000291452',
      '0036000291452',
    ])('%s is found exactly, as a code', async (q) => {
      const { ids, interpretation } = await search(q);
      expect(ids).toHaveLength(1);
      expect(ids[0]).toBe(q.startsWith('0036') || q.startsWith('0360') ? 'scanner' : 'KIT-MIXER-01');
      expect(interpretation).toEqual({ match: 'code', words: [{ word: q.toLowerCase(), status: 'code' }], inferred: {} });
    });
  });

  describe('syntax', () => {
    it('excludes a phrase and a compound as a whole', async () => {
      expect((await search('tee -"crew neck"')).ids).toEqual(['tee-v']);
      expect((await search('cable -usb-c')).ids).toEqual(['cable-a']);
    });

    it('does not expand a complete catalog word as a prefix ("green tea" is not teak)', async () => {
      expect((await search('green tea')).ids).toEqual(['green-tea']);
      const half = await search('tea');
      expect(half.interpretation.words).toEqual([{ word: 'tea', status: 'matched' }]);
      const prefix = await search('headph');
      expect(prefix.ids.sort()).toEqual(['hp-on', 'hp-over']);
      expect(prefix.interpretation.words).toEqual([{ word: 'headph', status: 'expanded', via: 'prefix', to: ['headphon'] }]);
    });

    it('normalises units inside attribute values', async () => {
      expect((await search('phone 256GB')).ids).toEqual(['phone']);
      expect((await search('phone 256 gb')).ids).toEqual(['phone']);
    });

    it('corrects a transposition as one edit, and measures edits on the word as typed', async () => {
      const jacket = await search('jakcet');
      expect(jacket.ids.sort()).toEqual(['jacket-soft', 'jacket-wp']);
      expect(jacket.interpretation.words).toEqual([{ word: 'jakcet', status: 'corrected', via: 'typo', to: ['jacket'] }]);
      expect((await search('runing shoes')).ids).toEqual(['shoes']);
    });
  });

  describe('a code inside a longer query', () => {
    it('puts the exact code match first and reads its words as one code (km 650 kitchen mixer)', async () => {
      const { ids, interpretation } = await search('km 650 kitchen mixer');
      expect(ids[0]).toBe('KIT-MIXER-01');
      expect(new Set(ids).size).toBe(ids.length);
      expect(interpretation.match).toBe('code');
      expect(interpretation.words[0]).toEqual({ word: 'km 650', status: 'code' });
      expect(statusOf(interpretation, 'mixer')?.status).toBe('matched');
    });
  });

  describe('everyday words', () => {
    it.each([
      ['nappies', 'diaper', 'diaper'], // plural reduced to WordNet's base form first
      ['cot', 'crib', 'crib'], // a dictionary word prefers its everyday word to prefix completions (cotton)
    ])('%s finds the catalog word %s, reported as expanded via everyday', async (q, to, id) => {
      const { ids, interpretation } = await search(q);
      expect(ids).toEqual([id]);
      expect(interpretation.words).toEqual([{ word: q, status: 'expanded', via: 'everyday', to: [to] }]);
    });

    it("reads a word none of whose own words the catalog has as its artifact sense's broader words (settee → sofa, bench)", async () => {
      const { ids, interpretation } = await search('settee');
      expect([...ids].sort()).toEqual(['sofa', 'teak']);
      expect(interpretation.words).toEqual([{ word: 'settee', status: 'expanded', via: 'everyday', to: ['bench', 'sofa'] }]);
    });

    it.each([
      ['torch', 'flashlight', 'flashlight'],
      ['nappy', 'diaper', 'diaper'],
    ])('%s finds the catalog word %s (WordNet), reported as expanded via everyday', async (q, to, id) => {
      const { ids, interpretation } = await search(q);
      expect(ids).toEqual([id]);
      expect(interpretation).toEqual({
        match: 'all_words',
        words: [{ word: q, status: 'expanded', via: 'everyday', to: [to] }],
        inferred: {},
      });
    });

    it('reads a British spelling as the American one the catalog has (grey → gray)', async () => {
      const { ids, interpretation } = await search('grey hoodie');
      expect(ids).toEqual(['hoodie-gray']);
      expect(statusOf(interpretation, 'grey')).toEqual({ word: 'grey', status: 'expanded', via: 'everyday', to: ['gray'] });
    });

    it("lets the organization's synonyms override everyday words", async () => {
      await authed(t.http, owner)
        .put('/v1/catalogs/synonyms')
        .send({ synonyms: [{ type: 'one_way', input: 'torch', synonyms: ['lamp'] }] })
        .expect(200);
      try {
        const { ids, interpretation } = await search('torch');
        expect(ids).toEqual(['lamp']);
        expect(interpretation.words).toEqual([{ word: 'torch', status: 'expanded', via: 'synonym', to: ['lamp'] }]);
      } finally {
        await authed(t.http, owner).put('/v1/catalogs/synonyms').send({ synonyms: [] }).expect(200);
      }
    });
  });

  describe('bounds', () => {
    it('searches at most 10 words and reports the rest as ignored, never an error', async () => {
      const words = ['sourdough', ...Array.from({ length: 14 }, (_, i) => `zq${'abcdefghijklmn'[i]}w`)];
      const { interpretation } = await search(words.join(' '));
      expect(interpretation.words.filter((w) => w.reason === 'word_limit')).toHaveLength(5);
      expect(interpretation.words.filter((w) => w.status === 'not_found')).toHaveLength(9);
      const typos = Array.from({ length: 40 }, (_, i) => (i % 2 ? 'jackte' : 'sourdoguh'))
        .join(' ')
        .slice(0, 200);
      await authed(t.http, owner)
        .get(`/v1/catalogs/products?q=${encodeURIComponent(typos)}`)
        .expect(200);
    });
  });

  describe('UCP and MCP', () => {
    it('UCP search: info messages for notable readings and the interpretation field; sort accepted', async () => {
      const response = await authed(t.http, owner)
        .post('/ucp/catalog/search')
        .send({ query: 'jakcet 47 under 200', sort: 'relevance' })
        .expect(200);
      expectValid(ucpValidators.searchResponse, response.body);
      expect(response.body.interpretation.match).toBe('partial');
      expect(response.body.interpretation.inferred).toEqual({ price_max: { amount: 200, currency: 'EUR' } });
      const codes = (response.body.messages as Array<{ type: string; code: string }>).map((m) => `${m.type}:${m.code}`);
      expect(codes).toEqual(['info:query_word_corrected', 'info:query_word_not_found', 'info:query_filter_inferred']);
    });

    it('MCP search_catalog: the interpretation in the structured result', async () => {
      const client = await mcpClient(baseUrl, owner.auth);
      try {
        const result = await client.callTool({ name: 'search_catalog', arguments: { meta: UCP_META, catalog: { query: 'km-650' } } });
        const structured = result.structuredContent as { products: Array<{ id: string }>; interpretation: Reading };
        expect(structured.products.map((p) => p.id)).toEqual(['KIT-MIXER-01']);
        expect(structured.interpretation).toEqual({ match: 'code', words: [{ word: 'km-650', status: 'code' }], inferred: {} });
      } finally {
        await client.close();
      }
    });
  });
});
