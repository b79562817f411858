import type request from 'supertest';
import { createCaller } from '../support/factories';
import { upload, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

describe('GET /v1/catalogs/imports/{job_id}/errors pages', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('follows next_cursor through every error row exactly once, in file order, ending with null', async () => {
    t = await createTestApp();
    const caller = await createCaller(t.app);
    // 60 elements: every third has an empty title (20 invalid), the rest are valid.
    const file = Array.from({ length: 60 }, (_, i) => ({ id: `e-${i}`, title: i % 3 === 1 ? '' : `Item ${i}` }));
    const invalid = file.flatMap((p, i) => (p.title === '' ? [i] : []));
    const job = await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, JSON.stringify(file)));
    expect(job).toMatchObject({ status: 'done', total: 60, failed_count: invalid.length });

    const seen: Array<{ index: number; product_id: string | null }> = [];
    const pageSizes: number[] = [];
    let cursor: string | null = null;
    do {
      const path: string = `/v1/catalogs/imports/${job.job_id}/errors?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page: request.Response = await authed(t.http, caller).get(path).expect(200);
      seen.push(...page.body.data.map((e: { index: number; product_id: string | null }) => ({ index: e.index, product_id: e.product_id })));
      pageSizes.push(page.body.data.length);
      cursor = page.body.next_cursor;
    } while (cursor && pageSizes.length < 20);

    expect(seen).toEqual(invalid.map((index) => ({ index, product_id: `e-${index}` })));
    expect(pageSizes).toEqual([7, 7, 6]);
    expect(cursor).toBeNull();
  });
});
