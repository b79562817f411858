import type request from 'supertest';
import { SCORE_WHOLE_TIER } from '../../src/catalog/search/ranking/limits';
import { BAND_WALK_FIRST_ROWS } from '../../src/catalog/search/ranking/limits';
import { createCaller, type TestCaller } from '../support/factories';
import { upload, waitForIndexing, waitForJob, waitForSearch } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

/**
 * docs/search.md: search is ranked. The search vector weights the title (A) above brand and categories (B),
 * tags (C) and the description (D); equal ranks are ordered by id.
 */
describe('Search ranking', () => {
  let t: TestApp;
  let caller: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    caller = await createCaller(t.app);
    // Ids deliberately in the reverse of the expected rank order, so id order alone cannot pass.
    const file = [
      { id: 'a-description', title: 'Plain scarf', description: 'Knitted from alpaca yarn' },
      { id: 'b-tag', title: 'Plain hat', tags: ['alpaca'] },
      { id: 'c-category', title: 'Plain gloves', categories: ['Alpaca'] },
      { id: 'd-brand', title: 'Plain socks', brand: 'Alpaca' },
      { id: 'f-title', title: 'Alpaca blanket' },
      { id: 'e-title', title: 'Alpaca poncho' },
      { id: 'g-unrelated', title: 'Cotton shirt' },
    ];
    const job = await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, JSON.stringify(file)));
    expect(job).toMatchObject({ status: 'done', indexed_count: file.length });
    await waitForSearch(t.http, caller.auth, 'alpaca', 6);
  });
  afterAll(() => t.close());

  const search = (query: string) => authed(t.http, caller).get(`/v1/catalogs/products?${query}`).expect(200);

  it('orders matches title, then brand and category (by id), then tag, then description', async () => {
    const page = await search('q=alpaca&limit=100');
    expect(page.body.data.map((p: { id: string }) => p.id)).toEqual([
      'e-title',
      'f-title',
      'c-category',
      'd-brand',
      'b-tag',
      'a-description',
    ]);
  });

  it('keeps the ranked order across pages followed by next_cursor', async () => {
    const ids: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: request.Response = await search(`q=alpaca&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      ids.push(...page.body.data.map((p: { id: string }) => p.id));
      cursor = page.body.next_cursor;
      pages++;
    } while (cursor && pages < 10);
    expect(ids).toEqual(['e-title', 'f-title', 'c-category', 'd-brand', 'b-tag', 'a-description']);
    expect(pages).toBe(3);
  });
});

/**
 * The same order whatever way a tier is ranked: a tier of at most SCORE_WHOLE_TIER matches is
 * scored whole, a larger one reads its top band (title matches) in id order first and scores the
 * rest after. Every page, followed by cursor, must be the exhaustive order.
 */
describe('Search ranking of small and large tiers', () => {
  let t: TestApp;
  let caller: TestCaller;
  const SIZE = SCORE_WHOLE_TIER + 300;
  const id = (i: number) => `p-${String(i).padStart(4, '0')}`;
  // Every product has "lamp" in its description (a tier larger than SCORE_WHOLE_TIER), every 7th in its
  // title too; the first 400 have "brass" in their description (a smaller tier), every 9th in its title.
  const products = Array.from({ length: SIZE }, (_, i) => ({
    id: id(i),
    title: [i % 7 === 0 && 'Lamp', i < 400 && i % 9 === 0 && 'Brass', `item ${i}`].filter(Boolean).join(' '),
    description: `A lamp${i < 400 ? ' of brass' : ''}`,
  }));
  const expected = (inTitle: (i: number) => boolean, matches: (i: number) => boolean) => {
    const all = products.map((_, i) => i).filter(matches);
    return [...all.filter(inTitle), ...all.filter((i) => !inTitle(i))].map(id);
  };

  beforeAll(async () => {
    t = await createTestApp();
    caller = await createCaller(t.app);
    await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, JSON.stringify(products)));
    await waitForIndexing(t.app, caller.organizationId);
  });
  afterAll(() => t.close());

  async function allPages(q: string, limit: number): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: request.Response = await authed(t.http, caller)
        .get(`/v1/catalogs/products?q=${q}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)
        .expect(200);
      ids.push(...page.body.data.map((p: { id: string }) => p.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    return ids;
  }

  it(`a tier larger than SCORE_WHOLE_TIER (${SCORE_WHOLE_TIER}): title matches by id, then the rest by id, on every page`, async () => {
    expect(await allPages('lamp', 100)).toEqual(
      expected(
        (i) => i % 7 === 0,
        () => true,
      ),
    );
  });

  it("the same order when the walk's first step fills each page (limit 10) and when it leaves pages short (limit 100)", async () => {
    // One title match in 7: 200 walked rows hold about 28, so a page of 10 needs only the first step.
    expect(BAND_WALK_FIRST_ROWS / 7).toBeGreaterThan(10);
    expect(BAND_WALK_FIRST_ROWS / 7).toBeLessThan(100);
    expect(await allPages('lamp', 10)).toEqual(await allPages('lamp', 100));
  });

  it('a tier scored whole: the same order', async () => {
    expect(await allPages('brass', 37)).toEqual(
      expected(
        (i) => i % 9 === 0,
        (i) => i < 400,
      ),
    );
  });
});
