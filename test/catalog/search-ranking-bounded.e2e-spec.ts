import type request from 'supertest';
import { SEARCH_CANDIDATES } from '../../src/catalog/search/ranking/limits';
import { createCaller, type TestCaller } from '../support/factories';
import { upload, waitForIndexing, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

/**
 * docs/search.md "Ranking at scale": a tier of more matches than SEARCH_CANDIDATES whose best
 * matches are too sparse for the walk is still ranked exactly: the matches with the word in a
 * describing field read through their own index and scored, the description-only ones walked in id
 * order. Every product has "lamp" in its description; a few, far apart and late in id order, in
 * the title (the walk of the first 2,000 ids finds none), some in a category or a tag.
 */
describe('Search ranking of a tier larger than SEARCH_CANDIDATES', () => {
  let t: TestApp;
  let caller: TestCaller;
  const SIZE = SEARCH_CANDIDATES + 400;
  const id = (i: number) => `p-${String(i).padStart(5, '0')}`;
  const inTitle = (i: number) => i === 6_001 || i === 9_002 || i === SIZE - 3;
  const inCategory = (i: number) => i % 347 === 5;
  const inTag = (i: number) => i % 1_009 === 7;
  // "brass" (a tag, so a word the catalog describes) on three products: with it, "lamp brass" has
  // three all-words matches and the rest of the catalog as partial matches, a tier of its own.
  const hasBrass = (i: number) => i === 40 || i === 5_000 || i === 9_500;
  // "shade" (a category) on six products: "item lamp shade" has six all-words matches and every
  // other product as a partial match, ranked over three words.
  const hasShade = (i: number) => i % 2_000 === 3;
  const products = Array.from({ length: SIZE }, (_, i) => ({
    id: id(i),
    title: `Item ${i}${inTitle(i) ? ' lamp' : ''}`,
    ...((inCategory(i) || hasShade(i)) && { categories: [inCategory(i) && 'Lamp', hasShade(i) && 'Shade'].filter(Boolean) }),
    ...((inTag(i) || hasBrass(i)) && { tags: [inTag(i) && 'lamp', hasBrass(i) && 'brass'].filter(Boolean) }),
    description: 'A lamp',
  }));
  /** The documented score of "lamp" alone: title 1.0, category 0.6, tag 0.4, description 0.2. */
  const lampScore = (i: number) => (inTitle(i) ? 1 : inCategory(i) ? 0.6 : inTag(i) ? 0.4 : 0.2);
  const byScore = (score: (i: number) => number, keep: (i: number) => boolean) =>
    products
      .map((_, i) => i)
      .filter(keep)
      .sort((a, b) => score(b) - score(a) || a - b)
      .map(id);

  beforeAll(async () => {
    // The order is what is asserted here: no ranking budget may cut it on a loaded machine (its own test is below).
    t = await createTestApp({ config: (c) => ({ ...c, catalog: { ...c.catalog, rankingBudgetMs: 60_000 } }) });
    caller = await createCaller(t.app);
    await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, JSON.stringify(products)));
    await waitForIndexing(t.app, caller.organizationId);
  }, 120_000);
  afterAll(() => t.close());

  async function pages(
    q: string,
    limit: number,
    count: number,
    cursor: string | null = null,
  ): Promise<{ ids: string[]; cursor: string | null; rankingExact: boolean[] }> {
    const ids: string[] = [];
    const rankingExact: boolean[] = [];
    for (let n = 0; n < count; n++) {
      const page: request.Response = await authed(t.http, caller)
        .get(`/v1/catalogs/products?q=${q}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
        .expect(200);
      ids.push(...page.body.data.map((p: { id: string }) => p.id));
      rankingExact.push(page.body.ranking_exact);
      cursor = page.body.next_cursor;
      if (!cursor) break;
    }
    return { ids, cursor, rankingExact };
  }

  it('pages 1-12 of a word mostly in descriptions are the exhaustive order: title, category, tag, then description by id', async () => {
    const expected = byScore(lampScore, () => true);
    expect(expected.length).toBeGreaterThan(SEARCH_CANDIDATES);
    const { ids } = await pages('lamp', 10, 12);
    expect(ids).toEqual(expected.slice(0, 120));
  });

  it('the same order with pages of 25, and deep in the description-only matches', async () => {
    const expected = byScore(lampScore, () => true);
    const { ids, cursor } = await pages('lamp', 25, 4);
    expect(ids).toEqual(expected.slice(0, 100));
    expect((await pages('lamp', 25, 2, cursor)).ids).toEqual(expected.slice(100, 150));
  });

  it('a partial-match tier larger than SEARCH_CANDIDATES: after the three all-words matches, the rest by the score of "lamp"', async () => {
    const all = byScore((i) => lampScore(i) + 0.4, hasBrass);
    const partial = byScore(lampScore, (i) => !hasBrass(i));
    expect(partial.length).toBeGreaterThan(SEARCH_CANDIDATES);
    const { ids } = await pages('lamp%20brass', 10, 6);
    expect(ids).toEqual([...all, ...partial].slice(0, 60));
  });

  it('every match is reachable by paging: pages of 100 through all 10,400 matches equal the exhaustive order, each page exact', async () => {
    const expected = byScore(lampScore, () => true);
    const { ids, cursor, rankingExact } = await pages('lamp', 100, 200);
    expect(cursor).toBeNull();
    expect(ids).toEqual(expected);
    expect(rankingExact.every((exact) => exact)).toBe(true);
  });

  it('a partial tier over three words is ranked exactly, level by level', async () => {
    const score = (i: number) => 1 + lampScore(i) + (hasShade(i) ? 0.6 : 0);
    const all = byScore(score, hasShade);
    const partial = byScore(score, (i) => !hasShade(i));
    expect(partial.length).toBeGreaterThan(SEARCH_CANDIDATES);
    const { ids, rankingExact } = await pages('item%20lamp%20shade', 10, 5);
    expect(ids).toEqual([...all, ...partial].slice(0, 50));
    expect(rankingExact).toEqual([true, true, true, true, true]);
  });

  it('four words, no product with all of them: the partial tier in the exhaustive order, deep pages included', async () => {
    const score = (i: number) => 1 + lampScore(i) + (hasShade(i) ? 0.6 : 0) + (hasBrass(i) ? 0.4 : 0);
    const expected = byScore(score, () => true);
    const first = await pages('item%20lamp%20shade%20brass', 10, 4);
    expect(first.ids).toEqual(expected.slice(0, 40));
    expect(first.rankingExact.every((exact) => exact)).toBe(true);
    const deep = await pages('item%20lamp%20shade%20brass', 100, 3, first.cursor);
    expect(deep.ids).toEqual(expected.slice(40, 340));
  });

  it('a page the ranking budget cuts short says so, is full, and its cursor goes on', async () => {
    const cut = await createTestApp({ worker: false, config: (c) => ({ ...c, catalog: { ...c.catalog, rankingBudgetMs: 1 } }) });
    try {
      const q = 'item%20lamp%20shade%20brass';
      const first = await authed(cut.http, caller).get(`/v1/catalogs/products?q=${q}&limit=10`).expect(200);
      expect(first.body.ranking_exact).toBe(false);
      expect(first.body.data).toHaveLength(10);
      const next = await authed(cut.http, caller)
        .get(`/v1/catalogs/products?q=${q}&limit=10&cursor=${encodeURIComponent(first.body.next_cursor)}`)
        .expect(200);
      expect(next.body.data).toHaveLength(10);
      const seen = new Set(first.body.data.map((p: { id: string }) => p.id));
      expect(next.body.data.filter((p: { id: string }) => seen.has(p.id))).toEqual([]);
      // The budget bounds only the level reads: a one-word page whose top level the walk fills stays exact.
      const lamp = await authed(cut.http, caller).get('/v1/catalogs/products?q=item&limit=10').expect(200);
      expect(lamp.body.ranking_exact).toBe(true);
    } finally {
      await cut.close();
    }
  });
});
