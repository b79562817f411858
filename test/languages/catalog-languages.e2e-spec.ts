import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { AuthAdminService } from '../../src/auth/auth-admin.service';
import { SEARCH_LANGUAGES } from '../../src/common/languages/search-languages';
import { cjkRuns, indexedCjkWords } from '../../src/catalog/search/query-reading/cjk-segments';
import { createCaller, type TestCaller } from '../support/factories';
import { upload, waitForIndexing, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';
import { expectErrorShape } from '../support/assertions';

interface Found {
  titles: string[];
  words: Array<{ word: string; status: string; language?: string }>;
}

/**
 * Catalogs in their merchants' languages (docs/search.md "Languages"): each product read by its
 * language's rules (its own `language`, else the organization's default), the query read in the
 * caller's language and the catalog's, unspaced scripts cut into words on both sides.
 */
describe('Catalog languages', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function importProducts(caller: TestCaller, products: object[]): Promise<void> {
    await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, JSON.stringify(products)));
    await waitForIndexing(t.app, caller.organizationId);
  }

  const search = async (caller: TestCaller, q: string, params = '', headers: Record<string, string> = {}): Promise<Found> => {
    let request = authed(t.http, caller).get(`/v1/catalogs/products?q=${encodeURIComponent(q)}&limit=20${params}`);
    for (const [name, value] of Object.entries(headers)) request = request.set(name, value);
    const page = await request.expect(200);
    return {
      titles: (page.body.data as Array<{ title: string }>).map((p) => p.title),
      words: page.body.interpretation.words as Found['words'],
    };
  };

  describe('a German catalog (German by default, one product in English)', () => {
    let caller: TestCaller;
    const german = (id: string, title: string) => ({ id, title });

    beforeAll(async () => {
      caller = await createCaller(t.app);
      await t.app.get(AuthAdminService).setOrganizationLanguage(caller.organizationId, 'de');
      await importProducts(caller, [
        german('de-1', 'Taschen Leder'),
        german('de-2', 'Guertel Leder'),
        german('de-3', 'Stadtführer München'),
        german('de-4', 'Fußball Größe 5'),
        german('de-5', 'Kölner Dom Puzzle'),
        german('de-6', 'Quellwasser Flasche'),
        { id: 'en-1', title: 'Leather belt', language: 'en-GB' },
      ]);
    });

    it('stems German words as German: "tasche leder" finds the bag first, "taschen" and "tasche" alike', async () => {
      expect((await search(caller, 'tasche leder')).titles[0]).toBe('Taschen Leder');
      expect((await search(caller, 'tasche')).titles).toEqual(['Taschen Leder']);
      const read = await search(caller, 'tasche');
      expect(read.words).toEqual([{ word: 'tasche', status: 'matched', language: 'de' }]);
    });

    it('folds umlauts and their spellings alike (München, Muenchen, Munchen; Fußball, Fussball; Köln, Koeln)', async () => {
      for (const q of ['münchen', 'muenchen', 'munchen', 'MUENCHEN'])
        expect((await search(caller, q)).titles).toEqual(['Stadtführer München']);
      for (const q of ['fussball', 'fußball', 'Fussbälle']) expect((await search(caller, q)).titles).toEqual(['Fußball Größe 5']);
      expect((await search(caller, 'koelner')).titles).toEqual(['Kölner Dom Puzzle']);
      // "ue" after q is a u and an e: Quelle keeps its spelling.
      expect((await search(caller, 'quellwasser')).titles).toEqual(['Quellwasser Flasche']);
    });

    it('ignores German stop words as stop words, umlauts and all', async () => {
      const read = await search(caller, 'tasche für über leder');
      expect(read.titles[0]).toBe('Taschen Leder');
      expect(read.words.filter((w) => w.status === 'ignored').map((w) => w.word)).toEqual(['für', 'über']);
    });

    it('reads a word in the language the catalog has it in: English "belt" beside German words', async () => {
      const read = await search(caller, 'leather belt');
      expect(read.titles).toEqual(['Leather belt']);
      // German first (the default), but the catalog has "leather" only as English reads it ("belt" is
      // the same word in both, and German comes first).
      expect(read.words.map((w) => w.language)).toEqual(['en', 'de']);
    });
  });

  describe("the organization's default language", () => {
    it('reads products that name no language by the default an operator sets, and GET /v1/catalogs shows it', async () => {
      const caller = await createCaller(t.app);
      await importProducts(caller, [
        { id: 'a', title: 'Taschen für Kinder' },
        { id: 'b', title: 'Tasse à café', language: 'fr' },
      ]);
      // Read as English, "Taschen" is the word taschen: "tasche" (English tasch) is not in the catalog.
      expect((await search(caller, 'tasche kinder')).words[0]).toMatchObject({ word: 'tasche', status: 'not_found' });
      let details = await authed(t.http, caller).get('/v1/catalogs').expect(200);
      expect(details.body).toMatchObject({ language: 'en', product_languages: ['fr'] });

      const set = await t.app.get(AuthAdminService).setOrganizationLanguage(caller.organizationId, 'de-AT');
      expect(set).toEqual({ id: caller.organizationId, language: 'de-AT', products_reindexed: 1 });
      await waitForIndexing(t.app, caller.organizationId);
      expect((await search(caller, 'tasche kinder')).words[0]).toEqual({ word: 'tasche', status: 'matched', language: 'de' });
      expect((await search(caller, 'tasche')).titles).toEqual(['Taschen für Kinder']);
      details = await authed(t.http, caller).get('/v1/catalogs').expect(200);
      expect(details.body).toMatchObject({ language: 'de-AT', product_languages: ['fr'] });
      // Setting the same rules again lists nothing for indexing.
      expect((await t.app.get(AuthAdminService).setOrganizationLanguage(caller.organizationId, 'de')).products_reindexed).toBe(0);
    });

    it('refuses a malformed tag and an unknown organization with a clear message', async () => {
      const caller = await createCaller(t.app);
      await expect(t.app.get(AuthAdminService).setOrganizationLanguage(caller.organizationId, 'german!')).rejects.toThrow(
        /--language must be a BCP 47 language tag/,
      );
      await expect(t.app.get(AuthAdminService).setOrganizationLanguage('00000000-0000-4000-8000-000000000000', 'de')).rejects.toThrow(
        /not found/,
      );
    });
  });

  describe('unspaced scripts (Japanese)', () => {
    let caller: TestCaller;

    beforeAll(async () => {
      caller = await createCaller(t.app);
      await importProducts(caller, [
        { id: 'j-1', title: 'ソニー WH-1000XM5 ワイヤレスヘッドホン', language: 'ja', categories: ['家電 > ヘッドホン'] },
        { id: 'j-2', title: '象印 ステンレスマグ480ml', language: 'ja' },
        { id: 'j-3', title: '本革 ビジネス革靴', language: 'ja' },
        { id: 'j-4', title: 'ヘッドライト 防水', language: 'ja' },
        { id: 'e-1', title: 'ソニー speaker', language: 'en' },
      ]);
    });

    it('finds a word inside a run by its parts, and only where they are adjacent', async () => {
      const read = await search(caller, 'ヘッドホン');
      expect(read.titles).toEqual(['ソニー WH-1000XM5 ワイヤレスヘッドホン']);
      // Read in Japanese, one of the catalog's languages (the default is English).
      expect(read.words).toEqual([{ word: 'ヘッドホン', status: 'matched', language: 'ja' }]);
      expect((await search(caller, 'ステンレスマグ')).titles).toEqual(['象印 ステンレスマグ480ml']);
      // Half-width kana are their usual forms, on both sides (NFKC).
      expect((await search(caller, 'ﾍｯﾄﾞﾎﾝ')).titles).toEqual(['ソニー WH-1000XM5 ワイヤレスヘッドホン']);
    });

    it('cuts a sentence into words (ICU), leaves particles out as stop words, and needs every word the catalog has', async () => {
      const read = await search(caller, 'ソニーのヘッドホンが欲しい');
      // The one product with both words first; partial matches (the other ソニー) after it.
      expect(read.titles[0]).toBe('ソニー WH-1000XM5 ワイヤレスヘッドホン');
      expect(read.words).toEqual(
        expect.arrayContaining([
          { word: 'の', status: 'ignored', reason: 'stop_word' },
          { word: 'ソニー', status: 'matched', language: 'ja' },
          { word: 'ヘッドホン', status: 'matched', language: 'ja' },
          { word: '欲しい', status: 'not_found', language: 'ja' },
        ]),
      );
    });

    it('finds a mixed title by each part: the model number, the brand, one Han character', async () => {
      expect((await search(caller, 'WH-1000XM5')).titles).toEqual(['ソニー WH-1000XM5 ワイヤレスヘッドホン']);
      expect((await search(caller, '靴')).titles).toEqual(['本革 ビジネス革靴']);
      // A product read in English holds "ソニー" as one word: the run's whole form finds it too.
      expect(new Set((await search(caller, 'ソニー')).titles)).toEqual(
        new Set(['ソニー WH-1000XM5 ワイヤレスヘッドホン', 'ソニー speaker']),
      );
    });
  });

  describe("the query's language (an English catalog with French products)", () => {
    let caller: TestCaller;

    beforeAll(async () => {
      caller = await createCaller(t.app);
      // An English default with French products: "chaussures" stems to chaussur in French, chaussures in English.
      await importProducts(caller, [
        { id: 'f-1', title: 'Chaussures de randonnée', language: 'fr', price: { amount: 80, currency: 'EUR' } },
        { id: 'e-1', title: 'Hiking boots', price: { amount: 90, currency: 'EUR' } },
      ]);
    });

    it('reads the words in the language asked for first (language, else Accept-Language)', async () => {
      const byParam = await search(caller, 'chaussure', '&language=fr');
      expect(byParam.titles).toEqual(['Chaussures de randonnée']);
      expect(byParam.words).toEqual([{ word: 'chaussure', status: 'matched', language: 'fr' }]);
      const byHeader = await search(caller, 'chaussure', '', { 'Accept-Language': 'fr-CH, en;q=0.8' });
      expect(byHeader).toEqual(byParam);
      // Without either the catalog's languages are read too: the French word is still found.
      expect((await search(caller, 'chaussure')).titles).toEqual(['Chaussures de randonnée']);
    });

    it('takes UCP context.language', async () => {
      const res = await authed(t.http, caller)
        .post('/ucp/catalog/search')
        .send({ query: 'randonnee', context: { language: 'fr' } })
        .expect(200);
      expect(res.body.products.map((p: { title: string }) => p.title)).toEqual(['Chaussures de randonnée']);
    });

    it('refuses a malformed language with an ErrorResponse (REST and UCP)', async () => {
      const rest = await authed(t.http, caller).get('/v1/catalogs/products?q=boots&language=fr_FR');
      expect(expectErrorShape(rest, 422, 'validation')).toContain('language must be a BCP 47 language tag');
      const tooLong = `en-${'a'.repeat(33)}`;
      await authed(t.http, caller).get(`/v1/catalogs/products?q=boots&language=${tooLong}`).expect(422);
      const ucp = await authed(t.http, caller)
        .post('/ucp/catalog/search')
        .send({ query: 'boots', context: { language: 'not a tag' } });
      expect(expectErrorShape(ucp, 422, 'validation')).toContain('context.language');
    });

    it('leaves an English catalog read as before: no language on any word', async () => {
      const english = await createCaller(t.app);
      await importProducts(english, [{ id: 'x', title: 'Hiking boots' }]);
      expect((await search(english, 'hiking boot')).words).toEqual([
        { word: 'hiking', status: 'matched' },
        { word: 'boot', status: 'matched' },
      ]);
    });
  });

  it('validates a product language as a BCP 47 tag', async () => {
    const caller = await createCaller(t.app);
    const jobId = await upload(
      t.http,
      caller.auth,
      JSON.stringify([
        { id: 'ok', title: 'Ok', language: 'zh-Hant-TW' },
        { id: 'bad', title: 'Bad', language: 'deutsch-' },
        { id: 'null', title: 'Null', language: null },
      ]),
    );
    const job = await waitForJob(t.http, caller.auth, jobId);
    expect(job).toMatchObject({ status: 'done', indexed_count: 1, failed_count: 2 });
    const errors = await authed(t.http, caller).get(`/v1/catalogs/imports/${jobId}/errors`).expect(200);
    expect(JSON.stringify(errors.body)).toContain('must be a BCP 47 language tag');
  });

  describe("an import's language", () => {
    const uploadIn = (caller: TestCaller, products: object[], query: string, key?: string) => {
      let request = authed(t.http, caller).post(`/v1/catalogs/imports?${query}`);
      if (key) request = request.set('Idempotency-Key', key);
      return request.attach('file', Buffer.from(JSON.stringify(products)), 'catalog.json');
    };
    const indexedIn = async (caller: TestCaller, language: string): Promise<Record<string, boolean>> => {
      const rows: Array<{ id: string; same: boolean }> = await t.app
        .get(DataSource)
        .query(
          `SELECT p.product_id AS id, s.search = product_search_vector(p.data, $2) AS same FROM products p JOIN product_search s USING (organization_id, product_id) WHERE p.organization_id = $1`,
          [caller.organizationId, language],
        );
      return Object.fromEntries(rows.map((r) => [r.id, r.same]));
    };

    it("reads the file's products that name no language in it, re-reads them when a re-upload names another, and reports it", async () => {
      const caller = await createCaller(t.app);
      const file = [
        { id: 'a', title: 'Taschen aus Leder' },
        { id: 'b', title: 'Leather belt', language: 'en' },
      ];
      const first = await uploadIn(caller, file, 'language=de').expect(202);
      await waitForJob(t.http, caller.auth, first.body.job_id);
      await waitForIndexing(t.app, caller.organizationId);
      expect(await indexedIn(caller, 'de')).toMatchObject({ a: true });
      expect((await search(caller, 'tasche')).titles).toEqual(['Taschen aus Leder']);
      const report = await authed(t.http, caller).get(`/v1/catalogs/imports/${first.body.job_id}/report`).expect(200);
      expect(report.body.language).toBe('de');
      expect((await authed(t.http, caller).get('/v1/catalogs').expect(200)).body.product_languages).toEqual(['de', 'en']);

      // The same file with another language: nothing written (skipped), both read again in French.
      const second = await uploadIn(caller, file, 'language=fr').expect(202);
      expect(await waitForJob(t.http, caller.auth, second.body.job_id)).toMatchObject({
        status: 'done',
        skipped_count: 2,
        indexed_count: 0,
      });
      await waitForIndexing(t.app, caller.organizationId);
      expect(await indexedIn(caller, 'fr')).toMatchObject({ a: true });
      // The product's own language still wins.
      expect(await indexedIn(caller, 'en')).toMatchObject({ b: true });
      // Without a language, a re-upload leaves what an import recorded.
      const third = await uploadIn(caller, file, '').expect(202);
      await waitForJob(t.http, caller.auth, third.body.job_id);
      await waitForIndexing(t.app, caller.organizationId);
      expect(await indexedIn(caller, 'fr')).toMatchObject({ a: true });
    });

    it("takes a Google Merchant Center XML feed's declared language, unless the upload names one", async () => {
      const caller = await createCaller(t.app);
      const feed = `<?xml version="1.0"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><language>de</language>
        <item><g:id>x1</g:id><g:title>Taschen aus Leder</g:title></item></channel></rss>`;
      const xmlUpload = (query: string) =>
        authed(t.http, caller).post(`/v1/catalogs/imports?${query}`).attach('file', Buffer.from(feed), 'feed.xml').expect(202);
      await waitForJob(t.http, caller.auth, (await xmlUpload('')).body.job_id);
      await waitForIndexing(t.app, caller.organizationId);
      expect((await authed(t.http, caller).get('/v1/catalogs/products/x1').expect(200)).body.language).toBe('de');
      expect(await indexedIn(caller, 'de')).toEqual({ x1: true });
      await waitForJob(t.http, caller.auth, (await xmlUpload('language=fr')).body.job_id);
      await waitForIndexing(t.app, caller.organizationId);
      expect((await authed(t.http, caller).get('/v1/catalogs/products/x1').expect(200)).body.language).toBeUndefined();
      expect(await indexedIn(caller, 'fr')).toEqual({ x1: true });
    });

    it('refuses a malformed language before reading the file, and an Idempotency-Key replayed with another language', async () => {
      const caller = await createCaller(t.app);
      const bad = await uploadIn(caller, [{ id: 'x', title: 'X' }], 'language=de_DE');
      expect(expectErrorShape(bad, 422, 'validation')).toContain('language must be a BCP 47 language tag');
      const file = [{ id: 'x', title: 'X' }];
      const job = (await uploadIn(caller, file, 'language=de', 'key-1').expect(202)).body.job_id as string;
      expect((await uploadIn(caller, file, 'language=de', 'key-1').expect(202)).body.job_id).toBe(job);
      const other = await uploadIn(caller, file, 'language=fr', 'key-1');
      expect(expectErrorShape(other, 422, 'validation')).toContain('language=de');
    });
  });

  describe('compound words (German)', () => {
    let caller: TestCaller;

    beforeAll(async () => {
      caller = await createCaller(t.app);
      await t.app.get(AuthAdminService).setOrganizationLanguage(caller.organizationId, 'de');
      await importProducts(caller, [
        { id: 'r1', title: 'Regenmantel für Damen' },
        { id: 'm1', title: 'Wollmantel' },
        { id: 't1', title: 'Kaffeetasse aus Porzellan' },
        { id: 't2', title: 'Tasse mit Henkel' },
        { id: 'k1', title: 'Kinderfahrrad 16 Zoll' },
        { id: 'k2', title: 'Fahrradhelm für Kinder' },
        { id: 'h1', title: 'Hering in Tomatensoße' },
        { id: 'b1', title: 'Tasche für die Arbeit', attributes: { material: 'Leder' } },
        { id: 'b2', title: 'Tasche aus Stoff' },
      ]);
    });

    it('finds the compounds a word ends (its head), below the word itself', async () => {
      const cups = await search(caller, 'tasse');
      expect(cups.titles).toEqual(['Tasse mit Henkel', 'Kaffeetasse aus Porzellan']);
      expect(cups.words).toEqual([{ word: 'tasse', status: 'expanded', via: 'compound', to: ['kaffeetass'], language: 'de' }]);
      expect(new Set((await search(caller, 'mantel')).titles)).toEqual(new Set(['Regenmantel für Damen', 'Wollmantel']));
      // A head needs three letters before it: "ring" does not find Hering.
      expect((await search(caller, 'ring')).titles).toEqual([]);
    });

    it('reads a compound the catalog has only in parts as those parts, both required', async () => {
      const bags = await search(caller, 'ledertaschen');
      expect(bags.titles[0]).toBe('Tasche für die Arbeit');
      expect(bags.words).toEqual([{ word: 'ledertaschen', status: 'corrected', via: 'compound', to: ['led', 'tasch'], language: 'de' }]);
      // A linking s between the parts: "Arbeitstasche" = Arbeit + Tasche.
      expect((await search(caller, 'arbeitstasche')).titles[0]).toBe('Tasche für die Arbeit');
    });

    it('finds the compound two words write together, first', async () => {
      expect((await search(caller, 'regen mantel')).titles[0]).toBe('Regenmantel für Damen');
      const bikes = await search(caller, 'kinder fahrrad');
      expect(bikes.titles[0]).toBe('Kinderfahrrad 16 Zoll');
      expect(bikes.words.map((w) => [w.word, w.status])).toEqual([
        ['kinder', 'expanded'],
        ['fahrrad', 'expanded'],
      ]);
    });
  });

  describe('constraint words in German, French and Spanish', () => {
    let caller: TestCaller;
    const eur = (amount: number) => ({ amount, currency: 'EUR' });

    beforeAll(async () => {
      caller = await createCaller(t.app);
      await t.app.get(AuthAdminService).setOrganizationLanguage(caller.organizationId, 'fr');
      await importProducts(caller, [
        { id: 'k1', title: 'Bouilloire électrique', price: eur(39), availability: 'in_stock' },
        { id: 'k2', title: 'Bouilloire inox', price: eur(79), availability: 'out_of_stock' },
        { id: 'e1', title: 'Écharpe en laine', price: eur(30) },
        { id: 'e2', title: 'Écharpe en coton', price: eur(25) },
        { id: 'c1', title: 'Crème hydratante', tags: ['sans parfum'], price: eur(12) },
        { id: 'c2', title: 'Crème hydratante à la rose', tags: ['parfum rose'], price: eur(14) },
      ]);
    });

    const inferred = async (q: string) =>
      (
        await authed(t.http, caller)
          .get(`/v1/catalogs/products?q=${encodeURIComponent(q)}`)
          .expect(200)
      ).body as {
        data: Array<{ id: string }>;
        interpretation: { inferred: object; words: Array<{ word: string; status: string }> };
      };

    it('reads price bounds, availability and order as filters and a sort', async () => {
      const under = await inferred('bouilloire moins de 50 €');
      expect(under.interpretation.inferred).toEqual({ price_max: eur(50) });
      expect(under.data.map((p) => p.id)).toEqual(['k1']);
      expect((await inferred('bouilloire en stock')).data.map((p) => p.id)).toEqual(['k1']);
      expect((await inferred('bouilloire la plus chère')).data.map((p) => p.id)).toEqual(['k2', 'k1']);
      // German and Spanish words are read too (a buyer writes in any language).
      expect((await inferred('bouilloire unter 50 €')).interpretation.inferred).toEqual({ price_max: eur(50) });
      expect((await inferred('bouilloire más de 50 €')).interpretation.inferred).toEqual({ price_min: eur(50) });
    });

    it('excludes what "sans" names, unless the catalog writes the phrase itself (a label)', async () => {
      const without = await inferred('écharpe sans laine');
      expect(without.data.map((p) => p.id)).toEqual(['e2']);
      expect(without.interpretation.words).toEqual(expect.arrayContaining([{ word: 'laine', status: 'excluded', language: 'fr' }]));
      const label = await inferred('crème sans parfum');
      expect(label.data.map((p) => p.id)[0]).toBe('c1');
      expect(label.interpretation.words).toEqual(expect.arrayContaining([{ word: 'sans parfum', status: 'matched' }]));
    });
  });

  describe('UCP context.intent', () => {
    let caller: TestCaller;

    beforeAll(async () => {
      caller = await createCaller(t.app);
      await importProducts(caller, [
        { id: 'm1', title: 'Ceramic mug', price: { amount: 12, currency: 'USD' }, availability: 'in_stock' },
        { id: 'm2', title: 'Porcelain mug', price: { amount: 80, currency: 'USD' }, availability: 'in_stock' },
        { id: 'm3', title: 'Enamel mug', price: { amount: 30, currency: 'USD' }, availability: 'out_of_stock' },
      ]);
    });

    const ucp = async (catalog: object) => {
      const res = await authed(t.http, caller).post('/ucp/catalog/search').send(catalog).expect(200);
      return res.body as { products: Array<{ id: string }>; interpretation: { inferred: object; context?: object } };
    };

    it("applies the intent's price, availability and order like the query's words, and says so", async () => {
      const read = await ucp({ query: 'mug', context: { intent: 'looking for a gift under $50 that is in stock' } });
      expect(read.products.map((p) => p.id)).toEqual(['m1']);
      expect(read.interpretation.context).toEqual({ price_max: { amount: 50, currency: 'USD' }, availability: ['in_stock'] });
      expect(read.interpretation.inferred).toEqual({});
    });

    it('never overrides the filters or the query: the explicit price and the query words win', async () => {
      const explicit = await ucp({
        query: 'mug',
        filters: { price: { min: 5000 } },
        context: { currency: 'USD', intent: 'a gift under $50' },
      });
      expect(explicit.products.map((p) => p.id)).toEqual(['m2']);
      expect(explicit.interpretation.context).toEqual({});
      const words = await ucp({ query: 'mug under 100', context: { intent: 'a gift under $20' } });
      expect(words.products.map((p) => p.id).sort()).toEqual(['m1', 'm2', 'm3']);
      expect(words.interpretation.context).toEqual({});
    });

    it('refuses an intent over 500 characters with an ErrorResponse', async () => {
      const res = await authed(t.http, caller)
        .post('/ucp/catalog/search')
        .send({ query: 'mug', context: { intent: 'x'.repeat(501) } });
      expect(expectErrorShape(res, 422, 'validation')).toContain('context.intent');
    });
  });

  describe('the rules in SQL and in TypeScript agree', () => {
    const db = () => t.app.get(DataSource);

    it('reads every listed language by its own configuration and folding, and any other tag by the neutral one', async () => {
      const tags = [...SEARCH_LANGUAGES.map((l) => `${l.code.toUpperCase()}-XX`), 'pl', 'x-klingon'];
      const rows: Array<{ config: string; folding: string }> = await db().query(
        `SELECT search_language_config(t)::text AS config, search_language_folding(t) AS folding FROM unnest($1::text[]) WITH ORDINALITY AS x(t, i) ORDER BY i`,
        [tags],
      );
      const expected = [
        ...SEARCH_LANGUAGES.map((l) => ({
          config: l.code === 'en' ? 'pds_search' : l.snowball ? `pds_search_${l.snowball}` : 'pds_search_simple',
          folding: l.folding,
        })),
        { config: 'pds_search_simple', folding: 'none' },
        { config: 'pds_search_simple', folding: 'none' },
      ];
      expect(rows).toEqual(expected);
    });

    it('cuts runs of unspaced script into the words the query side searches (generated text)', async () => {
      const char = fc.constantFrom(...'ソニーヘッドホンワイヤレス革靴本象印한국어の、 ab1-Ｗ'.split(''));
      const texts = fc.sample(
        fc.array(char, { minLength: 1, maxLength: 12 }).map((c) => c.join('')),
        { seed: 7, numRuns: 200 },
      );
      const runs = [...new Set(texts.flatMap(cjkRuns))];
      const rows: Array<{ words: string }> = await db().query(
        `SELECT search_bigrams(r) AS words FROM unnest($1::text[]) WITH ORDINALITY AS x(r, i) ORDER BY i`,
        [runs],
      );
      expect(rows.map((r) => r.words.split(' '))).toEqual(runs.map(indexedCjkWords));
      const segmented: Array<{ runs: string[] }> = await db().query(
        `SELECT ARRAY(SELECT m[1] FROM regexp_matches(search_segments(t), '[^ ]+', 'g') AS m) AS runs FROM unnest($1::text[]) WITH ORDINALITY AS x(t, i) ORDER BY i`,
        [texts],
      );
      // Every word of a run the indexer writes is one the query side expects, in order.
      texts.forEach((text, i) => {
        const expected = cjkRuns(text).flatMap(indexedCjkWords);
        expect(segmented[i].runs.filter((w) => cjkRuns(w).join('') === w)).toEqual(expected);
      });
    });
  });
});
