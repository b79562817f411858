import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { CatalogStatsRefresherService } from '../../src/catalog/stats/catalog-stats-refresher.service';
import { authed } from '../support/authed';
import { query } from '../support/database';
import { createCaller, type TestCaller } from '../support/factories';
import { type JobBody, products, waitForJob } from '../support/imports';
import { callMcpTool } from '../support/mcp-call';
import { createTestApp, type TestApp } from '../support/test-app';

type Element = Record<string, unknown> | string;

/**
 * `product_count` of GET /v1/catalogs and MCP catalog_overview is exact at every commit
 * (catalog_counts, kept by triggers on products: migration ExactProductCount1795865000000), so it
 * is right on the first poll that reads a job `done`. The worker's recompute of the other counts is
 * switched off here: nothing but the triggers can make these counts right.
 */
describe('Exact product count', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      // Small batches: an import is several statements and transactions, each moving the count.
      config: (c) => ({ ...c, worker: { ...c.worker, batchSize: 4 } }),
      override: (builder) => builder.overrideProvider(CatalogStatsRefresherService).useValue({ refresh: () => Promise.resolve(0) }),
    });
  });
  afterAll(() => t.close());

  const db = () => t.app.get(DataSource);

  async function send(caller: TestCaller, elements: Element[], params = ''): Promise<string> {
    const response = await authed(t.http, caller)
      .post(`/v1/catalogs/imports${params}`)
      .attach('file', Buffer.from(JSON.stringify(elements)), 'catalog.json');
    expect(response.status).toBe(202);
    return (response.body as { job_id: string }).job_id;
  }

  /** The count both APIs answer, read the moment the job's first poll reads it finished. */
  async function countsWhenFinished(caller: TestCaller, jobId: string): Promise<{ job: JobBody; rest: number; mcp: number }> {
    const job = await waitForJob(t.http, caller.auth, jobId);
    const [rest, mcp] = await Promise.all([restCount(caller), mcpCount(caller)]);
    return { job, rest, mcp };
  }

  async function restCount(caller: TestCaller): Promise<number> {
    return ((await authed(t.http, caller).get('/v1/catalogs').expect(200)).body as { product_count: number }).product_count;
  }

  async function mcpCount(caller: TestCaller): Promise<number> {
    const answer = await callMcpTool(t.http, caller.auth, 'catalog_overview', {}).expect(200);
    return (answer.body as { result: { structuredContent: { product_count: number } } }).result.structuredContent.product_count;
  }

  async function storedCount(organizationId: string): Promise<number> {
    const [{ n }] = await query<{ n: number }>(t.app, 'SELECT count(*)::int AS n FROM products WHERE organization_id = $1', [
      organizationId,
    ]);
    return n;
  }

  async function counterRows(organizationId: string): Promise<Array<{ products: string }>> {
    return query<{ products: string }>(t.app, 'SELECT products FROM catalog_counts WHERE organization_id = $1', [organizationId]);
  }

  describe('on the first poll that reads done', () => {
    let caller: TestCaller;
    beforeAll(async () => {
      caller = await createCaller(t.app);
    });

    it('counts a first import', async () => {
      const { job, rest, mcp } = await countsWhenFinished(caller, await send(caller, JSON.parse(products(10)) as Element[]));
      expect(job).toMatchObject({ status: 'done', indexed_count: 10 });
      expect({ rest, mcp }).toEqual({ rest: 10, mcp: 10 });
      // The worker's recompute never ran: the count cannot have come from it.
      expect(await query(t.app, 'SELECT computed_version FROM catalog_stats WHERE organization_id = $1', [caller.organizationId])).toEqual([
        { computed_version: null },
      ]);
    });

    it('counts a merge re-upload that adds some products and changes others', async () => {
      // p-5 … p-9 changed, p-10 … p-14 new, p-0 … p-4 kept.
      const file = Array.from({ length: 10 }, (_, i) => ({ id: `p-${i + 5}`, title: `Changed ${i + 5}` }));
      const { job, rest, mcp } = await countsWhenFinished(caller, await send(caller, file));
      expect(job).toMatchObject({ status: 'done', indexed_count: 10 });
      expect({ rest, mcp }).toEqual({ rest: 15, mcp: 15 });
    });

    it('counts a replace upload that deletes the products its file does not name', async () => {
      // p-10 is named by an invalid element, which keeps it; p-11 … p-14 go.
      const file = [...(JSON.parse(products(10)) as Element[]), { id: 'p-10', title: 123 }];
      const { job, rest, mcp } = await countsWhenFinished(caller, await send(caller, file, '?mode=replace'));
      expect(job).toMatchObject({ status: 'done', failed_count: 1 });
      expect({ rest, mcp }).toEqual({ rest: 11, mcp: 11 });
      expect(await storedCount(caller.organizationId)).toBe(11);
    });

    it('counts a single product delete as soon as it is answered', async () => {
      await authed(t.http, caller).delete('/v1/catalogs/products/p-0').expect(204);
      expect({ rest: await restCount(caller), mcp: await mcpCount(caller) }).toEqual({ rest: 10, mcp: 10 });
    });

    it('counts each distinct valid product of a file with duplicate ids and invalid elements once', async () => {
      const fresh = await createCaller(t.app);
      const file: Element[] = [
        { id: 'a', title: 'A' },
        { id: 'b', title: 'B' },
        { id: 'a', title: 'A again' },
        { id: 'c', title: '' },
        'not an object',
        { title: 'no id' },
        { id: 'd', title: 'D' },
        { id: 'b', title: 'B' },
        { id: 'a', title: 'A once more' },
      ];
      const { job, rest, mcp } = await countsWhenFinished(fresh, await send(fresh, file));
      expect(job).toMatchObject({ status: 'done', total: 9, failed_count: 3 });
      expect({ rest, mcp }).toEqual({ rest: 3, mcp: 3 });
      expect(await storedCount(fresh.organizationId)).toBe(3);
    });
  });

  it('equals count(*) of the products after every step of random uploads (merge, replace, refused replace) and deletes', async () => {
    const ids = Array.from({ length: 9 }, (_, i) => `r-${i}`);
    const element = fc.oneof(
      { weight: 6, arbitrary: fc.record({ id: fc.constantFrom(...ids), title: fc.constantFrom('One', 'Two') }) },
      { weight: 2, arbitrary: fc.record({ id: fc.constantFrom(...ids), title: fc.constant('') }) },
      { weight: 1, arbitrary: fc.constant('junk') },
    );
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('upload' as const),
        elements: fc.array(element, { maxLength: 12 }),
        mode: fc.constantFrom('merge', 'replace'),
        massDelete: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('delete' as const), id: fc.constantFrom(...ids) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 5 }), async (steps) => {
        const caller = await createCaller(t.app);
        for (const s of steps) {
          if (s.kind === 'delete') {
            const response = await authed(t.http, caller).delete(`/v1/catalogs/products/${s.id}`);
            expect([204, 404]).toContain(response.status);
            expect(await restCount(caller)).toBe(await storedCount(caller.organizationId));
          } else {
            const params = s.mode === 'merge' ? '' : `?mode=replace${s.massDelete ? '&allow_mass_delete=true' : ''}`;
            const { job, rest, mcp } = await countsWhenFinished(caller, await send(caller, s.elements, params));
            expect(['done', 'failed']).toContain(job.status);
            const stored = await storedCount(caller.organizationId);
            expect({ rest, mcp }).toEqual({ rest: stored, mcp: stored });
          }
        }
      }),
      { numRuns: 8 },
    );
  });

  it('counts only the rows an INSERT … ON CONFLICT DO UPDATE inserted (its insert transition table)', async () => {
    const caller = await createCaller(t.app);
    const insert = (ids: string[]) =>
      db().query(
        `INSERT INTO products (organization_id, product_id, content_hash, data)
         SELECT $1, id, '\\x00', jsonb_build_object('id', id, 'title', 'T') FROM unnest($2::text[]) AS id
         ON CONFLICT (organization_id, product_id) DO UPDATE SET data = excluded.data || '{"title":"U"}'`,
        [caller.organizationId, ids],
      );
    await insert(['a', 'b']);
    await insert(['a', 'b', 'c']);
    expect(await counterRows(caller.organizationId)).toEqual([{ products: '3' }]);
    expect(await storedCount(caller.organizationId)).toBe(3);
  });

  it("finishes one organization's import while another organization's write holds its own count", async () => {
    const [holding, importing] = [await createCaller(t.app), await createCaller(t.app)];
    const holder = db().createQueryRunner();
    await holder.startTransaction();
    try {
      // Locks the holding organization's counter row until the transaction ends.
      await holder.query(`INSERT INTO products (organization_id, product_id, content_hash, data) VALUES ($1, 'held', '\\x00', '{}')`, [
        holding.organizationId,
      ]);
      const { job, rest } = await countsWhenFinished(importing, await send(importing, JSON.parse(products(6)) as Element[]));
      expect({ status: job.status, rest }).toEqual({ status: 'done', rest: 6 });
      expect(await restCount(holding)).toBe(0); // not committed
    } finally {
      await holder.rollbackTransaction();
      await holder.release();
    }
    expect(await restCount(holding)).toBe(0);
  });

  describe('deleting an organization', () => {
    it('deletes its counter row, without an error, and leaves the others', async () => {
      const [gone, kept] = [await createCaller(t.app), await createCaller(t.app)];
      expect(await counterRows(gone.organizationId)).toEqual([{ products: '0' }]); // inserted with the organization
      for (const caller of [gone, kept]) await countsWhenFinished(caller, await send(caller, JSON.parse(products(5)) as Element[]));

      await db().query('DELETE FROM organizations WHERE id = $1', [gone.organizationId]);

      expect(await counterRows(gone.organizationId)).toEqual([]);
      expect(await storedCount(gone.organizationId)).toBe(0);
      expect(await restCount(kept)).toBe(5);
    });

    it('neither fails nor brings the row back when a batch in flight commits while the delete waits for it', async () => {
      const caller = await createCaller(t.app);
      const jobId = await send(caller, [{ id: 'a', title: 'A' }]);
      await waitForJob(t.http, caller.auth, jobId);
      const batch = db().createQueryRunner();
      const deleter = db().createQueryRunner();
      try {
        // What a batch transaction does: move its job row, then write products (which moves the count).
        await batch.startTransaction();
        await batch.query('UPDATE import_jobs SET cursor = cursor WHERE id = $1', [jobId]);
        await batch.query(`INSERT INTO products (organization_id, product_id, content_hash, data) VALUES ($1, 'late', '\\x00', '{}')`, [
          caller.organizationId,
        ]);
        const deleted = deleter.query('DELETE FROM organizations WHERE id = $1', [caller.organizationId]);
        await new Promise((resolve) => setTimeout(resolve, 200)); // the delete is now waiting for the batch
        await batch.commitTransaction();
        await deleted;
      } finally {
        await batch.release();
        await deleter.release();
      }

      expect(await counterRows(caller.organizationId)).toEqual([]);
      expect(await storedCount(caller.organizationId)).toBe(0);
    });
  });
});
