import { randomUUID } from 'node:crypto';
import { createCaller, type TestCaller } from '../support/factories';
import { upload, waitForJob, waitForSearch } from '../support/imports';
import { databaseNow, expectErrorShape, expectHealthy, jobsCreatedSince } from '../support/bad-input/checks';
import { badInputCorpus, b64url, fromSupertest } from '../support/bad-input/corpus';
import type { TestApp } from '../support/test-app';
import { authed } from '../support/authed';

/** Bad-input corpus: query parameters and path segments (shared set-up and rules in support/bad-input/corpus.ts). */
describe('Bad-input corpus', () => {
  const corpus = badInputCorpus();
  let t: TestApp;
  let sentinel: TestCaller;
  beforeAll(() => {
    ({ t, sentinel } = corpus);
  });

  describe('query parameters and path segments', () => {
    let reader: TestCaller;
    const SEEDED = ['wool-1', 'wool-2', 'cotton-1'];

    beforeAll(async () => {
      reader = await createCaller(t.app);
      const seed = [
        { id: 'wool-1', title: 'Wool sweater', tags: ['wool'] },
        { id: 'wool-2', title: 'Wool socks', tags: ['wool'] },
        { id: 'cotton-1', title: 'Cotton shirt' },
      ];
      const job = await waitForJob(t.http, reader.auth, await upload(t.http, reader.auth, JSON.stringify(seed)));
      expect(job).toMatchObject({ status: 'done', indexed_count: 3 });
      // Another organization's wool product must never show up in the reader's results.
      const stranger = await createCaller(t.app);
      await waitForJob(
        t.http,
        stranger.auth,
        await upload(t.http, stranger.auth, JSON.stringify([{ id: 'wool-secret', title: 'Wool secret' }])),
      );
      await waitForSearch(t.http, reader.auth, 'wool', 2);
      await waitForSearch(t.http, stranger.auth, 'wool', 1); // searchable, so a leak would show
    });

    const get = (path: string) => authed(t.http, reader).get(path);
    const job = randomUUID();

    /** [path, status, type, message pattern]. */
    const REFUSED: Array<[string, number, string, RegExp?]> = [
      ['/v1/catalogs/imports?limit=-1', 422, 'validation', /limit/],
      ['/v1/catalogs/imports?limit=-0', 422, 'validation', /limit/],
      ['/v1/catalogs/imports?limit=99999999999999999999', 422, 'validation', /limit/],
      ['/v1/catalogs/imports?limit=1e309', 422, 'validation', /limit/],
      ['/v1/catalogs/imports?limit=Infinity', 422, 'validation', /limit/],
      ['/v1/catalogs/imports?limit=2.5', 422, 'validation', /limit/],
      ['/v1/catalogs/imports?limit=1&limit=2', 422, 'validation', /limit/],
      ['/v1/catalogs/imports?limit=', 422, 'validation', /limit/],
      ['/v1/catalogs/products?limit=-2147483649', 422, 'validation', /limit/],
      [`/v1/catalogs/imports/${job}/errors?limit=-1`, 422, 'validation', /limit/],
      [`/v1/catalogs/imports/${job}/errors?limit=100000000`, 422, 'validation', /limit/],
      [`/v1/catalogs/products?cursor=${encodeURIComponent("' OR 1=1--")}`, 422, 'validation', /cursor/],
      [`/v1/catalogs/products?cursor=${'A'.repeat(2_000)}`, 422, 'validation', /cursor/],
      [`/v1/catalogs/products?q=wool&cursor=${b64url({ id: 'wool-1' })}`, 422, 'validation', /cursor/],
      [`/v1/catalogs/products?cursor=${b64url({ id: 42 })}`, 422, 'validation', /cursor/],
      [`/v1/catalogs/products?cursor=${b64url({ id: 'x\u0000y' })}`, 422, 'validation', /cursor/],
      [`/v1/catalogs/products?q=wool&cursor=${b64url({ rank: 'NaN', id: 'x' })}`, 422, 'validation', /cursor/],
      [`/v1/catalogs/imports/${job}/errors?cursor=${encodeURIComponent('1; DROP TABLE import_errors')}`, 422, 'validation', /cursor/],
      [`/v1/catalogs/products?q=${'w'.repeat(201)}`, 422, 'validation', /q must be/],
      ['/v1/catalogs/products?q=', 422, 'validation', /q must be/],
      [`/v1/catalogs/products?q=${encodeURIComponent('wool\u0000')}`, 422, 'validation', /q/],
      [`/v1/catalogs/imports/${encodeURIComponent("' OR '1'='1")}/errors`, 422, 'validation', /job_id must be a UUID/],
      [`/v1/catalogs/imports/${job}${encodeURIComponent("' OR 1=1--")}`, 422, 'validation', /job_id must be a UUID/],
      [`/v1/catalogs/imports/${job}%00`, 422, 'validation', /job_id must be a UUID/],
      ['/v1/catalogs/products/%27%20OR%201%3D1--', 404, 'not_found', /Product ' OR 1=1-- not found/],
      [`/v1/catalogs/products/${encodeURIComponent('wool-1; DROP TABLE products; --')}`, 404, 'not_found', /not found/],
      [`/v1/catalogs/products/${encodeURIComponent("wool-1' --")}`, 404, 'not_found', /not found/],
      ['/v1/catalogs/products/wool-1%00', 404, 'not_found', /not found/],
    ];

    const refusedRows = REFUSED.map(([path, status, type, message]) => ({ path, status, type, message }));
    it.each(refusedRows)('GET $path → $status $type', async ({ path, status, type, message }) => {
      const since = await databaseNow(t.app);
      const text = expectErrorShape(fromSupertest(await get(path)), status, type);
      if (message) expect(text).toMatch(message);
      expect(await jobsCreatedSince(t.app, since)).toBe(0);
      // The seeded catalog is intact (no injected statement ran).
      const list = await get('/v1/catalogs/products?limit=100').expect(200);
      expect((list.body as { data: Array<{ id: string }> }).data.map((p) => p.id).sort()).toEqual([...SEEDED].sort());
      await expectHealthy(t.http, sentinel);
    });

    /**
     * SQL-ish and tsquery-ish search text is only ever words for websearch_to_tsquery: 200, exactly the
     * reader's matching products, never "everything" and never another organization's wool-secret.
     */
    const SEARCHES: Array<[string, string[]]> = [
      ['wool', ['wool-1', 'wool-2']], // control: the search itself works
      ["' OR 1=1 --", []],
      ["wool' OR '1'='1", ['wool-1', 'wool-2']], // 'wool' | '1' <-> '1': only the wool products
      ['wool) | (cotton', ['cotton-1', 'wool-1', 'wool-2']], // no product has both words: each with either follows (partial matches)
      ['!!! & | :* <-> ()', []], // no lexemes at all
      ['\\', []],
      ['wool"; SELECT * FROM products; --', ['wool-1', 'wool-2']], // words no product has are left out
    ];

    it.each(SEARCHES)('GET /v1/catalogs/products?q=%s → 200 with ordinary results', async (q, expected) => {
      const response = await get(`/v1/catalogs/products?q=${encodeURIComponent(q)}`);
      expect(response.status).toBe(200);
      const ids = (response.body as { data: Array<{ id: string }> }).data.map((p) => p.id);
      expect([...ids].sort()).toEqual(expected);
      await expectHealthy(t.http, sentinel);
    });
  });
});
