import { ProductQueryService } from '../../src/catalog/query/product-query.service';
import { writeCatalogBatch } from '../support/catalog-writes';
import { createCaller, type TestCaller } from '../support/factories';
import { waitForIndexing } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

/**
 * The list filters (brand, availability, category, price) read product_search's columns, written
 * by the search indexer with the vectors: between a batch's commit and the indexer's pass a new
 * product is not listed by a filter and a changed one matches its previous values. Lookups by id
 * filter on the stored document and see the product at once. Without the worker, batches are
 * written the way ImportJobRunnerService writes them and the indexer is run by hand.
 */
describe('Filters between an import and its indexing', () => {
  let t: TestApp;
  let caller: TestCaller;

  beforeAll(async () => {
    t = await createTestApp({ worker: false });
    caller = await createCaller(t.app);
  });
  afterAll(() => t.close());

  const writeBatch = (products: Array<Record<string, unknown> & { id: string }>, exists: boolean) =>
    writeCatalogBatch(
      t.app,
      caller.organizationId,
      products.map((product) => ({ product, exists })),
    );
  const listed = async (query: string): Promise<string[]> => {
    const page = await authed(t.http, caller).get(`/v1/catalogs/products?limit=100&${query}`).expect(200);
    return (page.body as { data: Array<{ id: string }> }).data.map((p) => p.id);
  };
  const lookedUp = async (brand: string): Promise<string[]> => [
    ...(await t.app.get(ProductQueryService).byIds(caller.organizationId, ['rug-1'], { brand })).keys(),
  ];

  const rug = {
    id: 'rug-1',
    title: 'Jute rug',
    brand: 'Acme',
    availability: 'in_stock',
    price: { amount: 49.5, currency: 'EUR' },
    categories: ['Home > Rugs'],
  };

  it('lists a new product by its filters only once indexed; a lookup by id filters it at once', async () => {
    await writeBatch([rug], false);
    expect(await listed('')).toEqual(['rug-1']); // unfiltered pages read products
    for (const query of ['brand=ACME', 'availability=in_stock', 'category=home', 'currency=EUR&price_max=50']) {
      expect(await listed(query)).toEqual([]);
    }
    expect(await lookedUp('acme')).toEqual(['rug-1']);

    await waitForIndexing(t.app, caller.organizationId);

    for (const query of [
      'brand=ACME',
      'availability=in_stock',
      'category=home',
      'category=Home%20%3E%20Rugs',
      'currency=EUR&price_max=50',
    ]) {
      expect(await listed(query)).toEqual(['rug-1']);
    }
    expect(await listed('currency=EUR&price_min=49.51')).toEqual([]);
  });

  it('matches a changed product by its previous values until it is indexed again', async () => {
    await writeBatch([{ ...rug, brand: 'Zeta', availability: 'out_of_stock', price: { amount: 80, currency: 'EUR' } }], true);
    expect(await listed('brand=acme')).toEqual(['rug-1']); // stale, not missing
    expect(await listed('brand=zeta')).toEqual([]);
    expect(await lookedUp('zeta')).toEqual(['rug-1']);
    expect(await lookedUp('acme')).toEqual([]);

    await waitForIndexing(t.app, caller.organizationId);

    expect(await listed('brand=acme')).toEqual([]);
    expect(await listed('brand=zeta')).toEqual(['rug-1']);
    expect(await listed('availability=out_of_stock')).toEqual(['rug-1']);
    expect(await listed('currency=EUR&price_max=50')).toEqual([]);
    expect(await listed('currency=EUR&price_min=80&price_max=80')).toEqual(['rug-1']);
  });
});
