import type { ImportErrorsPageDto } from '../../src/imports/dto/import-errors-page.dto';
import { expectErrorShape } from '../support/assertions';
import { query } from '../support/database';
import { createCaller, type TestCaller } from '../support/factories';
import { getJob, products, upload, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

const send = (t: TestApp, caller: TestCaller, content: string, params = '') =>
  authed(t.http, caller).post(`/v1/catalogs/imports${params}`).attach('file', Buffer.from(content), 'catalog.json');

const storedJobs = async (t: TestApp, caller: TestCaller) =>
  (await query<{ n: number }>(t.app, 'SELECT count(*)::int AS n FROM import_jobs WHERE organization_id = $1', [caller.organizationId]))[0]
    .n;

const storedProducts = async (t: TestApp, caller: TestCaller) =>
  (await query<{ n: number }>(t.app, 'SELECT count(*)::int AS n FROM products WHERE organization_id = $1', [caller.organizationId]))[0].n;

describe('Quotas per organization', () => {
  describe('pending imports (no worker: uploads stay pending)', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({
        worker: false,
        config: (c) => ({ ...c, quotas: { ...c.quotas, pendingImports: 2, pendingImportBytes: 10_000 } }),
      });
    });
    afterAll(async () => {
      await t.close();
    });

    it('refuses an upload beyond PENDING_IMPORTS_PER_ORGANIZATION with 429 and Retry-After, stores nothing, and serves other organizations', async () => {
      const [busy, other] = [await createCaller(t.app), await createCaller(t.app)];
      const first = await upload(t.http, busy.auth, products(1));
      await upload(t.http, busy.auth, products(1));

      const refused = await send(t, busy, products(1));
      expect(expectErrorShape(refused, 429, 'rate_limited')).toBe(
        'This organization has reached its limit of 2 imports waiting or running (PENDING_IMPORTS_PER_ORGANIZATION); retry when one has finished',
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await storedJobs(t, busy)).toBe(2);
      await send(t, other, products(1)).expect(202);

      // A finished (here: cancelled) job no longer counts.
      await authed(t.http, busy).post(`/v1/catalogs/imports/${first}/cancel`).expect(202);
      await send(t, busy, products(1)).expect(202);
    });

    it('refuses an upload that would take the pending files beyond PENDING_IMPORT_BYTES_PER_ORGANIZATION', async () => {
      const caller = await createCaller(t.app);
      const sixKb = products(120).padEnd(6_000, ' ');
      await send(t, caller, sixKb).expect(202);
      const refused = await send(t, caller, sixKb);
      expect(expectErrorShape(refused, 429, 'rate_limited')).toMatch(/beyond 10000 bytes \(PENDING_IMPORT_BYTES_PER_ORGANIZATION\)/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      await send(t, caller, '[]').expect(202); // what still fits is accepted
      expect(await storedJobs(t, caller)).toBe(2);
    });

    it('counts uploads streaming at the same time exactly: of four that each fit alone, one is stored', async () => {
      const caller = await createCaller(t.app);
      const sixKb = products(120).padEnd(6_000, ' ');
      const answers = await Promise.all([1, 2, 3, 4].map(() => send(t, caller, sixKb)));
      expect(answers.map((a) => a.status).sort()).toEqual([202, 429, 429, 429]);
      for (const refused of answers.filter((a) => a.status === 429)) expectErrorShape(refused, 429, 'rate_limited');
      expect(await storedJobs(t, caller)).toBe(1);
    });
  });

  describe('stored products', () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ config: (c) => ({ ...c, quotas: { ...c.quotas, products: 5 } }) });
    });
    afterAll(async () => {
      await t.close();
    });

    it('fails the new products beyond PRODUCTS_PER_ORGANIZATION as failed products naming the limit; changes still apply', async () => {
      const caller = await createCaller(t.app);
      await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, products(3)));

      // p-0 and p-1 change, p-3 … p-6 are new: room for two of them.
      const feed = products(7, (i) => ({ id: `p-${i}`, title: i < 2 ? `Changed ${i}` : `Product ${i}` }));
      const job = await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, feed));

      expect(job).toMatchObject({ status: 'done', total: 7, indexed_count: 4, skipped_count: 1, failed_count: 2 });
      expect(await storedProducts(t, caller)).toBe(5);
      const errors = (await authed(t.http, caller).get(`/v1/catalogs/imports/${job.job_id}/errors`).expect(200))
        .body as ImportErrorsPageDto;
      expect(errors.data.map((row) => [row.index, row.product_id])).toEqual([
        [5, 'p-5'],
        [6, 'p-6'],
      ]);
      expect(errors.data[0].errors[0].message).toMatch(/limit of 5 products \(PRODUCTS_PER_ORGANIZATION\)/);
      const changed = await authed(t.http, caller).get('/v1/catalogs/products/p-0').expect(200);
      expect(changed.body).toMatchObject({ title: 'Changed 0' });
      await authed(t.http, caller).get('/v1/catalogs/products/p-5').expect(404);
    });

    it("lets a replace import bring a whole new catalog of the limit's size (the products it drops do not count)", async () => {
      const caller = await createCaller(t.app);
      await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, products(5)));
      const fresh = products(6, (i) => ({ id: `new-${i}`, title: `New ${i}` }));
      const response = await send(t, caller, fresh, '?mode=replace&allow_mass_delete=true').expect(202);
      const job = await waitForJob(t.http, caller.auth, (response.body as { job_id: string }).job_id);

      expect(job).toMatchObject({ status: 'done', indexed_count: 5, failed_count: 1 });
      expect((await getJob(t.http, caller.auth, job.job_id)).failed_count).toBe(1);
      expect(await storedProducts(t, caller)).toBe(5);
    });
  });
});
