import { ProductCodesRepository } from '../search/product-codes.repository';
import { ProductMatchesRepository } from '../search/product-matches.repository';
import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { apiErrorOf } from '../../common/errors/testing/api-error-of';
import { PRODUCT_LIMITS } from '../validation/product-limits';
import { QueryAnalyzerService } from '../search/query-reading/query-analyzer.service';
import { RankedSearchRepository, type RankedPosition } from '../search/ranked-search.repository';
import type { Tier } from '../search/ranking/tier';
import { SEARCH_CANDIDATES } from '../search/ranking/limits';
import type { ProductCriteria } from '../criteria/product-criteria';
import { ProductQueryRepository } from './product-query.repository';
import { ProductQueryService } from './product-query.service';
import { FakeProductQueries, storedProduct } from './testing/fake-product-queries';

const ORG = randomUUID();
const OTHER_ORG = randomUUID();
const ids = (page: { products: Array<{ productId: string }> }) => page.products.map((p) => p.productId);
const hit = (tier: Tier, score: number, id: string): RankedPosition => ({ tier, score, id });
const ALL_WORDS = 0 as Tier;
const PARTIAL = 1 as Tier;

describe('ProductQueryService', () => {
  let fake: FakeProductQueries;
  let service: ProductQueryService;

  beforeEach(async () => {
    fake = new FakeProductQueries();
    const moduleRef = await Test.createTestingModule({
      providers: [
        ProductQueryService,
        { provide: ProductQueryRepository, useValue: fake.repository },
        { provide: QueryAnalyzerService, useValue: fake.analyzer },
        { provide: ProductCodesRepository, useValue: fake.codes },
        { provide: RankedSearchRepository, useValue: fake.ranked },
        { provide: ProductMatchesRepository, useValue: fake.matches },
      ],
    }).compile();
    service = moduleRef.get(ProductQueryService);
  });

  describe('page (no q)', () => {
    beforeEach(() => {
      for (const id of ['a', 'b', 'c', 'd', 'e']) fake.products.push(storedProduct(ORG, id, { brand: id < 'd' ? 'Acme' : 'Other' }));
      fake.products.push(storedProduct(OTHER_ORG, 'a0'));
    });

    it('walks the catalog in id order: each cursor continues after the last product, the last page has none', async () => {
      const first = await service.page(ORG, {}, 2);
      const second = await service.page(ORG, {}, 2, first.nextCursor!);
      const third = await service.page(ORG, {}, 2, second.nextCursor!);
      expect([ids(first), ids(second), ids(third)]).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
      expect(third.nextCursor).toBeNull();
      // One row beyond the page tells whether another follows; the cursor is the last id shown.
      expect(fake.callsTo('list').map(([, , limit, after]) => [limit, after])).toEqual([
        [3, undefined],
        [3, 'b'],
        [3, 'd'],
      ]);
    });

    it('hands the same criteria to the page and to its count, and reports the count', async () => {
      const criteria: ProductCriteria = { brand: 'acme', availability: ['in_stock'], pricedOnly: true };
      fake.products.splice(
        0,
        fake.products.length,
        ...['a', 'b', 'c'].map((id) => storedProduct(ORG, id, { brand: 'Acme', availability: 'in_stock' })),
      );
      const page = await service.page(ORG, criteria, 10);
      expect(fake.callsTo('list')).toEqual([[ORG, criteria, 11, undefined]]);
      expect(fake.callsTo('count')).toEqual([[ORG, criteria, SEARCH_CANDIDATES + 1]]);
      expect(page).toMatchObject({ nextCursor: null, totalCount: 3, totalCountExact: true });
    });

    it('caps the count at SEARCH_CANDIDATES and says it is not exact beyond', async () => {
      fake.counted = SEARCH_CANDIDATES + 1;
      await expect(service.page(ORG, {}, 2)).resolves.toMatchObject({ totalCount: SEARCH_CANDIDATES, totalCountExact: false });
      fake.counted = SEARCH_CANDIDATES;
      await expect(service.page(ORG, {}, 2)).resolves.toMatchObject({ totalCount: SEARCH_CANDIDATES, totalCountExact: true });
    });

    it('refuses a cursor it did not issue with 422, before reading anything', async () => {
      fake.hits = [hit(ALL_WORDS, 0.9, 'a'), hit(ALL_WORDS, 0.8, 'b')];
      const searchCursor = (await service.page(ORG, { q: 'wool' }, 1)).nextCursor!;
      fake.calls.length = 0;
      for (const cursor of ['nope', Buffer.from('{"id":1}').toString('base64url'), searchCursor]) {
        await expect(apiErrorOf(service.page(ORG, {}, 2, cursor))).resolves.toMatchObject({ status: 422, type: 'validation' });
      }
      expect(fake.callsTo('list')).toEqual([]);
    });
  });

  describe('page with q (search)', () => {
    beforeEach(() => {
      for (const id of ['p1', 'p2', 'p3', 'p4']) fake.products.push(storedProduct(ORG, id));
    });

    it('answers an empty page when the query has no searchable words, without searching', async () => {
      await expect(service.page(ORG, { q: '   ' }, 10)).resolves.toEqual({
        products: [],
        nextCursor: null,
        totalCount: 0,
        totalCountExact: true,
        rankingExact: true,
        interpretation: { match: 'none', words: [], inferred: {} },
      });
      expect(fake.callsTo('ranked')).toEqual([]);
    });

    it('returns products in ranked order, skipping hits whose product is gone, with the criteria and the automatic ladder', async () => {
      fake.hits = [hit(ALL_WORDS, 0.9, 'p3'), hit(ALL_WORDS, 0.7, 'gone'), hit(ALL_WORDS, 0.5, 'p1'), hit(PARTIAL, 0.9, 'p2')];
      const criteria: ProductCriteria = { q: 'merino wool', brand: 'Acme' };
      const page = await service.page(ORG, criteria, 2);
      expect(fake.callsTo('analyze')).toEqual([[ORG, 'merino wool']]);
      const [[organizationId, , passedCriteria, ladder, limit, after]] = fake.callsTo('ranked');
      expect([organizationId, passedCriteria, ladder, limit, after]).toEqual([ORG, criteria, { auto: 2 }, 3, undefined]);
      expect(ids(page)).toEqual(['p3', 'p1']);
      expect(page).toMatchObject({ totalCount: 3, totalCountExact: true });
    });

    it("continues after the page's last hit and keeps the first page's ladder choice", async () => {
      // Fewer all-words matches than the page: partial matches are added, and stay added on later pages.
      fake.hits = [hit(ALL_WORDS, 0.9, 'p1'), hit(PARTIAL, 0.8, 'p2'), hit(PARTIAL, 0.6, 'p3'), hit(PARTIAL, 0.4, 'p4')];
      const first = await service.page(ORG, { q: 'wool' }, 2);
      const second = await service.page(ORG, { q: 'wool' }, 2, first.nextCursor!);
      expect([ids(first), ids(second)]).toEqual([
        ['p1', 'p2'],
        ['p3', 'p4'],
      ]);
      const [, [, , , ladder, , after]] = fake.callsTo('ranked');
      expect([ladder, after]).toEqual([true, { tier: PARTIAL, score: 0.8, id: 'p2' }]);
      expect(second.nextCursor).toBeNull();
    });

    it('refuses a list cursor in a search (422)', async () => {
      const listCursor = (await service.page(ORG, {}, 1)).nextCursor!;
      await expect(apiErrorOf(service.page(ORG, { q: 'wool' }, 1, listCursor))).resolves.toMatchObject({ status: 422 });
    });
  });

  describe('byIds', () => {
    it('looks each possible id up once and keys the stored ones by id; ids no product can have are never queried', async () => {
      fake.products.push(storedProduct(ORG, 'sku-1'), storedProduct(ORG, 'sku-2'), storedProduct(OTHER_ORG, 'sku-3'));
      const tooLong = 'x'.repeat(PRODUCT_LIMITS.idMaxLength + 1);
      const found = await service.byIds(ORG, ['sku-1', 'sku-1', '', tooLong, 'bad-\ud800', 'sku-3', 'missing', 'sku-2']);
      expect([...found.keys()].sort()).toEqual(['sku-1', 'sku-2']);
      expect(found.get('sku-1')?.data).toMatchObject({ id: 'sku-1' });
      expect(fake.callsTo('findMany')).toEqual([[ORG, ['sku-1', 'sku-3', 'missing', 'sku-2'], {}]]);
    });
  });
});
