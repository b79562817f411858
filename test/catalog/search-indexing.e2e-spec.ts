import request from 'supertest';
import { DataSource } from 'typeorm';
import fc from 'fast-check';
import { SearchIndexRepository } from '../../src/catalog/indexing/search-index.repository';
import { SEARCH_INDEX_CHUNK, SearchIndexerService } from '../../src/catalog/indexing/search-indexer.service';
import { createCaller, type TestCaller } from '../support/factories';
import { upload, waitForIndexing, waitForJob, waitForSearch } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';
import { eventually } from '../support/eventually';
import { PRODUCT_LANGUAGE } from '../support/product-language-sql';

/**
 * docs/operations.md "Search after an import": imports list the products they write as pending; the worker's
 * search indexer writes their vectors into `product_search` once the import is done. `done`
 * means written, search follows (import_search_lag_seconds), whatever a crash leaves pending is
 * picked up again, and a deleted product takes its vector with it (a trigger, migration
 * 1764300550000); a row left for a product deleted meanwhile is never read.
 */
describe('Search indexing after imports', () => {
  let t: TestApp;
  let caller: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    caller = await createCaller(t.app);
  });
  afterAll(() => t.close());

  const db = () => t.app.get(DataSource);
  const count = async (sql: string, params: unknown[]): Promise<number> => Number((await db().query(sql, params))[0].n);
  const pending = (organizationId: string) =>
    count('SELECT count(*) AS n FROM product_search_pending WHERE organization_id = $1', [organizationId]);
  const vectors = (organizationId: string, productId: string) =>
    count('SELECT count(*) AS n FROM product_search WHERE organization_id = $1 AND product_id = $2', [organizationId, productId]);
  /** One row `{ same }` per stored search row of the product: whether it is product_search_vector() of its document. */
  const storedVectorIsCurrent = (organizationId: string, productId: string): Promise<Array<{ same: boolean }>> =>
    db().query(
      `SELECT product_search_vector(p.data, ${PRODUCT_LANGUAGE}) = s.search AS same
         FROM products p JOIN product_search s USING (organization_id, product_id)
        WHERE p.organization_id = $1 AND p.product_id = $2`,
      [organizationId, productId],
    );
  const importFile = async (file: unknown[], who = caller, params = '') => {
    const jobId = params
      ? (
          await authed(t.http, who)
            .post(`/v1/catalogs/imports?${params}`)
            .attach('file', Buffer.from(JSON.stringify(file)), 'feed.json')
            .expect(202)
        ).body.job_id
      : await upload(t.http, who.auth, JSON.stringify(file));
    const job = await waitForJob(t.http, who.auth, jobId as string);
    expect(job.status).toBe('done');
  };
  const metricCount = async (): Promise<number> => {
    const text = (await request(t.metrics).get('/metrics').expect(200)).text;
    return Number(/^import_search_lag_seconds_count (\d+)$/m.exec(text)?.[1] ?? NaN);
  };

  it('makes every imported product searchable after done and records the lag', async () => {
    const before = await metricCount();
    const file = Array.from({ length: 2_500 }, (_, i) => ({ id: `lamp-${i}`, title: `Desk lamp ${i}`, description: 'Brass finish' }));
    await importFile(file);
    const page = await waitForSearch(t.http, caller.auth, 'brass', 100);
    expect(page.body.next_cursor).not.toBeNull(); // more than one page
    // Answered once a pass that started after this call found nothing pending.
    await expect(t.app.get(SearchIndexerService).request(caller.organizationId)).resolves.toBe(true);
    await expect(pending(caller.organizationId)).resolves.toBe(0);
    await expect(count('SELECT count(*) AS n FROM product_search WHERE organization_id = $1', [caller.organizationId])).resolves.toBe(
      2_500,
    );
    // The lag of this job is observed once the indexer has caught up.
    await eventually('the search lag of this job to be observed', async () => (await metricCount()) > before, { timeoutMs: 10_000 });
  });

  it('re-indexes a changed product: its old words stop matching, its new ones match', async () => {
    await importFile([{ id: 'rug-1', title: 'Jute rug' }]);
    await waitForSearch(t.http, caller.auth, 'jute', 1);
    await importFile([{ id: 'rug-1', title: 'Sisal rug' }]);
    await waitForSearch(t.http, caller.auth, 'sisal', 1);
    await waitForSearch(t.http, caller.auth, 'jute', 0);
    await expect(vectors(caller.organizationId, 'rug-1')).resolves.toBe(1);
  });

  it('indexes products left pending (a crash between commit and indexing) on the next sweep', async () => {
    await importFile([{ id: 'vase-1', title: 'Glass vase' }]);
    await waitForSearch(t.http, caller.auth, 'vase', 1);
    // What a worker killed after the batches committed leaves: entries pending, no vectors.
    await db().transaction(async (manager) => {
      await manager.query('DELETE FROM product_search WHERE organization_id = $1', [caller.organizationId]);
      await manager.query(
        'INSERT INTO product_search_pending SELECT organization_id, product_id FROM products WHERE organization_id = $1',
        [caller.organizationId],
      );
    });
    await t.app.get(SearchIndexerService).sweep();
    await waitForSearch(t.http, caller.auth, 'vase', 1);
    await waitForSearch(t.http, caller.auth, 'brass', 100);
    await expect(pending(caller.organizationId)).resolves.toBe(0);
  });

  it('ranks exactly as the stored vector did (title A, brand/categories B, tags C, description D)', async () => {
    expect(await storedVectorIsCurrent(caller.organizationId, 'rug-1')).toEqual([{ same: true }]);
    const weights: Array<{ v: string }> = await db().query(
      `SELECT product_search_vector('{"title":"alpha","brand":"beta","categories":["gamma"],"tags":["delta"],"description":"epsilon"}', 'en')::text AS v`,
    );
    expect(weights[0].v).toBe("'alpha':1A 'beta':2B 'delta':4C 'epsilon':5 'gamma':3B");
  });

  it('keeps stop words in the describing fields and drops them from the description (migration 1795803811980)', async () => {
    const rows: Array<{ v: string }> = await db().query(
      `SELECT product_search_vector('{"title":"On-Ear Headphones","attributes":{"size":"S"},"description":"A bag of chips on the go"}', 'en')::text AS v`,
    );
    // Title and attributes: "on" and "s" are there; description: "a", "of", "on", "the" are not, positions kept.
    expect(rows[0].v).toBe("'bag':6 'chip':8 'ear':2A 'go':11 'headphon':3A 'on':1A 's':4B");
  });

  it('lists each code form once: the id, MPN and GTIN normalised, digits also without leading zeros', async () => {
    const rows: Array<{ codes: string[] }> = await db().query(
      `SELECT ARRAY(SELECT c FROM unnest(product_search_codes('KM-650', '{"mpn":"km 650","gtin":"0012","id":"ignored"}')) c ORDER BY c) AS codes`,
    );
    expect(rows[0].codes).toEqual(['0012', '12', 'km650']);
  });

  it('writes, for generated products, the vector product_search_vector() gives and the filter values of the document', async () => {
    // The indexer computes a brand's and a category list's parts once per chunk (search-row-sql.ts):
    // shared and distinct brands and lists, absent fields, case and Unicode variants, more than one chunk.
    const owner = await createCaller(t.app);
    const brands = ['Acme', 'ACME', 'Müller & Söhne', 'İstanbul Çay', 'ΣΟΦΙΑ', 'x', ' Spaced  brand '];
    const lists = [
      ['Home > Lighting'],
      ['home>lighting', 'Garden'],
      ['Apparel & Accessories > Clothing Accessories > Belts'],
      ['Ünïcode > Çà'],
    ];
    const product = fc.record(
      {
        title: fc.constantFrom(
          'Desk lamp',
          'Oak stool',
          'Running shoes for trails',
          'Ελληνικό φως',
          'ソニー ワイヤレスヘッドホン',
          'Lederhandtasche Muenchen',
        ),
        brand: fc.constantFrom(...brands),
        categories: fc.constantFrom(...lists),
        tags: fc.array(fc.constantFrom('brass', 'oak', 'sale', 'new in'), { minLength: 1, maxLength: 3 }),
        description: fc.constantFrom(
          'Brass finish.',
          'Hand-made in Porto, tested by our team.',
          'Ça va très bien',
          'Größere Taschen für Münchner',
        ),
        // Products in their own languages: read by other rules, grouped apart in a chunk (same brand, other language).
        language: fc.constantFrom('de', 'fr-CA', 'ja', 'pl', 'EN'),
        availability: fc.constantFrom('in_stock', 'out_of_stock'),
        price: fc.constantFrom({ amount: 10, currency: 'EUR' }, { amount: 99.99, currency: 'USD' }),
      },
      { requiredKeys: ['title'] },
    );
    const file = fc.sample(product, { seed: 11, numRuns: SEARCH_INDEX_CHUNK + 300 }).map((p, i) => ({ id: `gen-${i}`, ...p }));
    await importFile(file, owner);
    await waitForIndexing(t.app, owner.organizationId);

    const [row]: Array<{ rows: number; different: number }> = await db().query(
      `SELECT count(*)::int AS rows,
              count(*) FILTER (WHERE s.search <> product_search_vector(p.data, ${PRODUCT_LANGUAGE})
                 OR s.category_keys IS DISTINCT FROM (CASE WHEN p.data ? 'categories' THEN product_category_keys(p.organization_id, p.data->'categories') END)
                 OR s.brand_key IS DISTINCT FROM lower(p.data->>'brand')
                 OR s.availability IS DISTINCT FROM p.data->>'availability'
                 OR s.price_currency IS DISTINCT FROM product_price_currency(p.data)
                 OR s.price_amount IS DISTINCT FROM product_price_amount(p.data))::int AS different
         FROM products p JOIN product_search s USING (organization_id, product_id)
        WHERE p.organization_id = $1`,
      [owner.organizationId],
    );
    expect(row).toEqual({ rows: file.length, different: 0 });
    // Absent categories stay NULL (no keys), not an empty list.
    const [absent]: Array<{ n: number }> = await db().query(
      `SELECT count(*)::int AS n FROM product_search s JOIN products p USING (organization_id, product_id)
        WHERE p.organization_id = $1 AND NOT p.data ? 'categories' AND s.category_keys IS NULL`,
      [owner.organizationId],
    );
    expect(absent.n).toBe(file.filter((p) => p.categories === undefined).length);
    expect(absent.n).toBeGreaterThan(0);
  });

  it('removes the vector of a product deleted by DELETE /v1/catalogs/products/{id}, and no other', async () => {
    const owner = await createCaller(t.app);
    const other = await createCaller(t.app);
    const stools = [
      { id: 'stool-1', title: 'Oak stool' },
      { id: 'stool-2', title: 'Oak bench' },
    ];
    for (const who of [owner, other]) {
      await importFile(stools, who);
      await waitForSearch(t.http, who.auth, 'oak', 2);
    }

    await authed(t.http, owner).delete('/v1/catalogs/products/stool-1').expect(204);

    await expect(vectors(owner.organizationId, 'stool-1')).resolves.toBe(0);
    await expect(vectors(owner.organizationId, 'stool-2')).resolves.toBe(1);
    await expect(vectors(other.organizationId, 'stool-1')).resolves.toBe(1);
    await waitForSearch(t.http, owner.auth, 'oak', 1);
  });

  it('removes the vectors of the products a replace import deletes, and no other', async () => {
    const owner = await createCaller(t.app);
    const other = await createCaller(t.app);
    const mugs = Array.from({ length: 4 }, (_, i) => ({ id: `mug-${i}`, title: `Stoneware mug ${i}` }));
    for (const who of [owner, other]) {
      await importFile(mugs, who);
      await waitForSearch(t.http, who.auth, 'stoneware', 4);
    }

    await importFile([{ id: 'mug-0', title: 'Stoneware mug 0' }], owner, 'mode=replace&allow_mass_delete=true');

    const rows: Array<{ product_id: string }> = await db().query(
      'SELECT product_id FROM product_search WHERE organization_id = $1 ORDER BY product_id',
      [owner.organizationId],
    );
    expect(rows.map((r) => r.product_id)).toEqual(['mug-0']);
    await expect(count('SELECT count(*) AS n FROM product_search WHERE organization_id = $1', [other.organizationId])).resolves.toBe(4);
    await waitForSearch(t.http, owner.auth, 'stoneware', 1);
  });

  it('never shows a row written for a product deleted meanwhile; re-importing the id indexes it again', async () => {
    const owner = await createCaller(t.app);
    const listed = async (query: string): Promise<string[]> => {
      const page = await authed(t.http, owner).get(`/v1/catalogs/products?limit=100&${query}`).expect(200);
      return (page.body as { data: Array<{ id: string }> }).data.map((p) => p.id);
    };
    await importFile([{ id: 'shelf-2', title: 'Walnut shelf', brand: 'Nordwood' }], owner);
    await waitForSearch(t.http, owner.auth, 'walnut', 1);
    await db().query(
      `INSERT INTO products (organization_id, product_id, content_hash, data)
       VALUES ($1, 'shelf-1', '\\x00', '{"id":"shelf-1","title":"Walnut shelf","brand":"Nordwood"}')`,
      [owner.organizationId],
    );
    // An indexer statement that read shelf-1 before its delete committed (no lock on products).
    const deleter = db().createQueryRunner();
    try {
      await deleter.startTransaction();
      await deleter.query(`DELETE FROM products WHERE organization_id = $1 AND product_id = 'shelf-1'`, [owner.organizationId]);
      await db().query(`INSERT INTO product_search_pending (organization_id, product_id) VALUES ($1, 'shelf-1')`, [owner.organizationId]);
      // The worker's sweep may take the entry first: either way it is indexed from the snapshot before the delete.
      while ((await pending(owner.organizationId)) > 0)
        await t.app.get(SearchIndexRepository).indexPending(owner.organizationId, 10, 200_000);
      await deleter.commitTransaction();
    } finally {
      await deleter.release();
    }
    await expect(vectors(owner.organizationId, 'shelf-1')).resolves.toBe(1);

    const found = await waitForSearch(t.http, owner.auth, 'walnut', 1);
    expect((found.body as { data: Array<{ id: string }> }).data.map((p) => p.id)).toEqual(['shelf-2']);
    expect(await listed('brand=nordwood')).toEqual(['shelf-2']);
    expect(await listed('brand=nordwood&q=shelf')).toEqual(['shelf-2']);

    await importFile([{ id: 'shelf-1', title: 'Teak shelf', brand: 'Nordwood' }], owner);
    await waitForSearch(t.http, owner.auth, 'teak', 1);
    await waitForSearch(t.http, owner.auth, 'walnut', 1);
    expect(await listed('brand=nordwood')).toEqual(['shelf-1', 'shelf-2']);
    expect(await storedVectorIsCurrent(owner.organizationId, 'shelf-1')).toEqual([{ same: true }]);
  });
});
