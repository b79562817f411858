import type request from 'supertest';
import { createCaller, type TestCaller } from '../support/factories';
import { upload, waitForJob, waitForSearch } from '../support/imports';
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
