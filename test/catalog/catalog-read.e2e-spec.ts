import type request from 'supertest';
import { createCaller, type TestCaller } from '../support/factories';
import { DataSource } from 'typeorm';
import { upload, waitForCatalogStats, waitForJob, waitForSearch } from '../support/imports';
import { IMPORT_JOB_FIELDS } from '../support/assertions';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

describe('Catalog read API', () => {
  let t: TestApp;
  let owner: TestCaller;
  let stranger: TestCaller;
  let jobId: string;
  const titles = ['Merino wool sweater', 'Cotton t-shirt', 'Wool socks', 'Leather boots', 'Rain jacket'];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createCaller(t.app);
    stranger = await createCaller(t.app);
    const file = Array.from({ length: 45 }, (_, i) => ({
      id: `sku-${String(i).padStart(3, '0')}`,
      title: titles[i % titles.length],
      brand: i % 2 === 0 ? 'Northwind' : 'Contoso',
      tags: i === 44 ? ['limited'] : undefined,
    }));
    file.push({ id: 'bad', title: '' } as never);
    jobId = await upload(t.http, owner.auth, JSON.stringify(file));
    await waitForJob(t.http, owner.auth, jobId);
    await waitForSearch(t.http, owner.auth, 'wool', 18);
    await waitForSearch(t.http, owner.auth, 'limited', 1);
    // GET /v1/catalogs reports updated_at as the worker recomputes it after the import.
    await waitForCatalogStats(t.app, owner.organizationId);
  });
  afterAll(() => t.close());

  const get = (path: string, caller: TestCaller = owner) => authed(t.http, caller).get(path);

  it('walks every product exactly once with keyset pagination, ordered by id', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: request.Response = await get(`/v1/catalogs/products?limit=10${cursor ? `&cursor=${cursor}` : ''}`).expect(200);
      seen.push(...page.body.data.map((p: { id: string }) => p.id));
      cursor = page.body.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    expect(seen).toEqual([...seen].sort());
  });

  it('returns a product as stored with its bookkeeping fields', async () => {
    const product = await get('/v1/catalogs/products/sku-000').expect(200);
    expect(product.body).toEqual({
      id: 'sku-000',
      title: titles[0],
      brand: 'Northwind',
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
      last_import_job_id: jobId,
    });
  });

  it('finds products by a title word or a tag', async () => {
    const result = await get('/v1/catalogs/products?q=wool&limit=100').expect(200);
    const found = result.body.data.map((p: { title: string }) => p.title);
    expect(found.length).toBe(18); // 9 sweaters + 9 socks
    expect(found.every((title: string) => /wool/i.test(title))).toBe(true);
    const tagged = await get('/v1/catalogs/products?q=limited').expect(200);
    expect(tagged.body.data.map((p: { id: string }) => p.id)).toEqual(['sku-044']);
  });

  it('pages through search results without repeats', async () => {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: request.Response = await get(`/v1/catalogs/products?q=wool&limit=7${cursor ? `&cursor=${cursor}` : ''}`).expect(200);
      ids.push(...page.body.data.map((p: { id: string }) => p.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(ids).toHaveLength(18);
    expect(new Set(ids).size).toBe(18);
  });

  it('lists import jobs newest first and pages them', async () => {
    const second = await upload(t.http, owner.auth, '[]');
    await waitForJob(t.http, owner.auth, second);
    const first = await get('/v1/catalogs/imports?limit=1').expect(200);
    expect(first.body.data.map((j: { job_id: string }) => j.job_id)).toEqual([second]);
    const next = await get(`/v1/catalogs/imports?limit=1&cursor=${first.body.next_cursor}`).expect(200);
    expect(next.body.data.map((j: { job_id: string }) => j.job_id)).toEqual([jobId]);
    expect(next.body.next_cursor).toBeNull();
  });

  it('describes the catalog', async () => {
    const details = await get('/v1/catalogs').expect(200);
    expect(details.body).toMatchObject({ organization_id: owner.organizationId, product_count: 45 });
    expect(Object.keys(details.body.last_import).sort()).toEqual(IMPORT_JOB_FIELDS);
    expect(details.body.updated_at).toMatch(/Z$/);
    const empty = await get('/v1/catalogs', stranger).expect(200);
    expect(empty.body).toEqual({
      organization_id: stranger.organizationId,
      product_count: 0,
      last_import: null,
      updated_at: null,
      language: 'en',
      product_languages: [],
    });
  });

  it('describes the catalog from rows kept per organization (catalog_counts, catalog_stats), not by reading the products', async () => {
    const dataSource = t.app.get(DataSource);
    const [row] = (await dataSource.query(
      `SELECT c.products, s.updated_at FROM catalog_counts c JOIN catalog_stats s USING (organization_id) WHERE organization_id = $1`,
      [owner.organizationId],
    )) as Array<{ products: string; updated_at: Date }>;
    try {
      // Values no product count gives: REST shows the rows (the count as of the last commit, updated_at as of the worker's recompute).
      await dataSource.query(`UPDATE catalog_counts SET products = 7 WHERE organization_id = $1`, [owner.organizationId]);
      await dataSource.query(`UPDATE catalog_stats SET updated_at = '2020-01-02T03:04:05Z' WHERE organization_id = $1`, [
        owner.organizationId,
      ]);
      const details = await get('/v1/catalogs').expect(200);
      expect(details.body).toMatchObject({ product_count: 7, updated_at: '2020-01-02T03:04:05.000Z' });
    } finally {
      await dataSource.query(`UPDATE catalog_counts SET products = $2 WHERE organization_id = $1`, [owner.organizationId, row.products]);
      await dataSource.query(`UPDATE catalog_stats SET updated_at = $2 WHERE organization_id = $1`, [owner.organizationId, row.updated_at]);
    }
  });

  it("hides another organization's jobs, errors and products (404, like missing ones)", async () => {
    const job = await get(`/v1/catalogs/imports/${jobId}`, stranger).expect(404);
    expect(job.body.error).toEqual({ type: 'not_found', message: `Import job ${jobId} not found` });
    await get(`/v1/catalogs/imports/${jobId}/errors`, stranger).expect(404);
    const product = await get('/v1/catalogs/products/sku-000', stranger).expect(404);
    expect(product.body.error).toEqual({ type: 'not_found', message: 'Product sku-000 not found' });
    expect((await get('/v1/catalogs/products', stranger).expect(200)).body.data).toEqual([]);
    expect((await get('/v1/catalogs/products?q=wool', stranger).expect(200)).body.data).toEqual([]);
    expect((await get('/v1/catalogs/imports', stranger).expect(200)).body.data).toEqual([]);
  });

  it.each([['limit=0'], ['limit=101'], ['limit=-5'], ['limit=abc'], ['cursor=%%%'], ['cursor=bm90LWpzb24'], ['unknown=1']])(
    'refuses /v1/catalogs/products?%s with 422',
    async (qs) => {
      const response = await get(`/v1/catalogs/products?${qs}`).expect(422);
      expect(response.body.error.type).toBe('validation');
    },
  );

  it('refuses a job cursor that does not name a job with 422', async () => {
    const cursor = Buffer.from(JSON.stringify({ id: "x' OR 1=1 --" })).toString('base64url');
    await get(`/v1/catalogs/imports?cursor=${cursor}`).expect(422);
  });

  it('treats SQL-ish search text as plain words', async () => {
    // Words no product has (drop, table, products) are left out of the search: the wool products, nothing else.
    const response = await get(`/v1/catalogs/products?q=${encodeURIComponent("wool'; DROP TABLE products; --")}&limit=100`).expect(200);
    expect(response.body.data.map((p: { title: string }) => p.title).every((title: string) => /wool/i.test(title))).toBe(true);
    expect(response.body.data).toHaveLength(18);
    // An OR in SQL syntax is not an operator: only the wool products match, never "everything".
    const or = await get(`/v1/catalogs/products?q=${encodeURIComponent("wool' OR '1'='1")}&limit=100`).expect(200);
    expect(or.body.data.map((p: { title: string }) => p.title).every((title: string) => /wool/i.test(title))).toBe(true);
    expect(or.body.data).toHaveLength(18);
    expect((await get('/v1/catalogs').expect(200)).body.product_count).toBe(45);
  });
});
