import { createCaller, type TestCaller } from '../support/factories';
import { query } from '../support/database';
import { upload, waitForJob, type JobBody } from '../support/imports';
import { expectHealthy, importRowsOf } from '../support/bad-input/checks';
import { badInputCorpus } from '../support/bad-input/corpus';
import type { TestApp } from '../support/test-app';
import { authed } from '../support/authed';

/** Bad-input corpus: file contents accepted with 202 and judged by the worker (shared set-up and rules in support/bad-input/corpus.ts). */
describe('Bad-input corpus', () => {
  const corpus = badInputCorpus();
  let t: TestApp;
  let sentinel: TestCaller;
  beforeAll(() => {
    ({ t, sentinel } = corpus);
  });

  describe('file contents: accepted with 202, then judged by the worker', () => {
    interface ErrorsBody {
      job_id: string;
      failure: { type: string; message: string } | null;
      data: Array<{ index: number; product_id: string | null; errors: Array<{ field: string; message: string }> }>;
      next_cursor: string | null;
    }

    const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
    const ok = { id: 'ok', title: 'Valid neighbour' };
    const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

    /** [label, file bytes, expected job fields, check of /errors and the catalog]. */
    const CONTENT_CASES: Array<[string, () => Buffer, Partial<JobBody>, (errors: ErrorsBody, caller: TestCaller) => Promise<void> | void]> =
      [
        [
          'an element nested 100,000 levels deep (inside attributes)',
          () => Buffer.from(`[{"id":"deep","title":"Deep","attributes":{"x":${deepArray(100_000)}}},${JSON.stringify(ok)}]`),
          { status: 'done', total: 2, indexed_count: 1, failed_count: 1, skipped_count: 0 },
          (e) => {
            expect(e.failure).toBeNull();
            expect(e.data).toHaveLength(1);
            expect(e.data[0]).toMatchObject({ index: 0, product_id: 'deep' });
            expect(e.data[0].errors.map((x) => x.field)).toEqual(['attributes.x']);
          },
        ],
        [
          'an element that is itself 100,000 nested arrays',
          () => Buffer.from(`[${deepArray(100_000)},${JSON.stringify(ok)}]`),
          { status: 'done', total: 2, indexed_count: 1, failed_count: 1 },
          (e) => {
            expect(e.data).toEqual([
              { index: 0, product_id: null, errors: [{ field: '', message: expect.stringMatching(/JSON object/) }] },
            ]);
          },
        ],
        [
          'one 10 MiB element',
          () => Buffer.from(JSON.stringify([ok, { id: 'huge', title: 'Huge', description: 'x'.repeat(10 * 1_048_576) }])),
          { status: 'done', total: 2, indexed_count: 1, failed_count: 1 },
          (e) => {
            expect(e.data).toEqual([{ index: 1, product_id: null, errors: [{ field: '', message: expect.stringMatching(/256 KiB/) }] }]);
          },
        ],
        [
          'a lone surrogate "\\ud800" in a title',
          () => Buffer.from(`[{"id":"lone","title":"bad \\ud800 title"},${JSON.stringify(ok)}]`),
          { status: 'done', total: 2, indexed_count: 1, failed_count: 1 },
          (e) =>
            expect(e.data).toEqual([
              { index: 0, product_id: 'lone', errors: [{ field: 'title', message: expect.stringMatching(/surrogate/) }] },
            ]),
        ],
        [
          'a lone low surrogate as an attribute key',
          () => Buffer.from(`[{"id":"lone-key","title":"t","attributes":{"\\udc00":"v"}}]`),
          { status: 'done', total: 1, indexed_count: 0, failed_count: 1 },
          (e) => {
            expect(e.data[0]).toMatchObject({ index: 0, product_id: 'lone-key' });
            expect(e.data[0].errors.some((x) => /surrogate/.test(x.message))).toBe(true);
          },
        ],
        [
          'a NUL \\u0000 in a title',
          () => Buffer.from(`[{"id":"nul","title":"a\\u0000b"},${JSON.stringify(ok)}]`),
          { status: 'done', total: 2, indexed_count: 1, failed_count: 1 },
          (e) =>
            expect(e.data).toEqual([{ index: 0, product_id: 'nul', errors: [{ field: 'title', message: expect.stringMatching(/NUL/) }] }]),
        ],
        [
          'a NUL \\u0000 in the id',
          () => Buffer.from(`[{"id":"n\\u0000l","title":"t"}]`),
          { status: 'done', total: 1, indexed_count: 0, failed_count: 1 },
          (e) => {
            expect(e.data[0]).toMatchObject({ index: 0, product_id: null });
            expect(e.data[0].errors.map((x) => x.field)).toContain('id');
          },
        ],
        [
          'a raw (unescaped) control byte inside a string',
          () => Buffer.concat([Buffer.from('[{"id":"ctl","title":"a'), Buffer.from([0x01]), Buffer.from(`b"},${JSON.stringify(ok)}]`)]),
          { status: 'done', total: 2, indexed_count: 1, failed_count: 1 },
          (e) =>
            expect(e.data).toEqual([
              { index: 0, product_id: null, errors: [{ field: '', message: expect.stringMatching(/not valid JSON/) }] },
            ]),
        ],
        [
          'invalid UTF-8: a surrogate encoded in UTF-8 (CESU-8 ED A0 80)',
          () => Buffer.concat([Buffer.from('[{"id":"cesu","title":"a'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}]')]),
          { status: 'failed', total: 0, indexed_count: 0, failed_count: 0 },
          (e) => expect(e.failure).toEqual({ type: 'invalid_utf8', message: expect.stringMatching(/byte/) }),
        ],
        [
          'invalid UTF-8: a Latin-1 encoded file',
          () => Buffer.from('[{"id":"latin","title":"Caf\xe9"}]', 'latin1'),
          { status: 'failed', total: 0, indexed_count: 0, failed_count: 0 },
          (e) => expect(e.failure).toEqual({ type: 'invalid_utf8', message: expect.stringMatching(/byte/) }),
        ],
        [
          'invalid UTF-8: a UTF-16 file with its BOM',
          () => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('[{"id":"u16","title":"t"}]', 'utf16le')]),
          { status: 'failed', total: 0 },
          (e) => expect(e.failure?.type).toBe('invalid_utf8'),
        ],
        [
          '1e400 as price.amount',
          () => Buffer.from(`[{"id":"inf","title":"t","price":{"amount":1e400,"currency":"USD"}},${JSON.stringify(ok)}]`),
          { status: 'done', total: 2, indexed_count: 1, failed_count: 1 },
          (e) => {
            expect(e.data[0]).toMatchObject({ index: 0, product_id: 'inf' });
            expect(e.data[0].errors.map((x) => x.field)).toEqual(['price.amount']);
          },
        ],
        [
          '-1e400 as inventory_quantity',
          () => Buffer.from(`[{"id":"neg-inf","title":"t","inventory_quantity":-1e400}]`),
          { status: 'done', total: 1, indexed_count: 0, failed_count: 1 },
          (e) => expect(e.data[0].errors.map((x) => x.field)).toEqual(['inventory_quantity']),
        ],
        [
          'duplicate keys in one object (JSON.parse: the last one wins)',
          () => Buffer.from('[{"id":"dupkey","title":"First title","title":"Last title","brand":"A","brand":"B"}]'),
          { status: 'done', total: 1, indexed_count: 1, failed_count: 0 },
          async (e, caller) => {
            expect(e.data).toEqual([]);
            const product = await authed(t.http, caller).get('/v1/catalogs/products/dupkey').expect(200);
            expect(product.body).toMatchObject({ id: 'dupkey', title: 'Last title', brand: 'B' });
          },
        ],
        [
          'a duplicated id key in one object (the last id is the product)',
          () => Buffer.from('[{"id":"first-id","title":"t","id":"second-id"}]'),
          { status: 'done', total: 1, indexed_count: 1, failed_count: 0 },
          async (_e, caller) => {
            await authed(t.http, caller).get('/v1/catalogs/products/second-id').expect(200);
            await authed(t.http, caller).get('/v1/catalogs/products/first-id').expect(404);
          },
        ],
        [
          'a file holding only a UTF-8 BOM',
          () => UTF8_BOM,
          { status: 'failed', total: 0, indexed_count: 0, failed_count: 0 },
          (e) => expect(e.failure).toEqual({ type: 'invalid_json', message: expect.any(String) }),
        ],
        [
          'an empty file (0 bytes)',
          () => Buffer.alloc(0),
          { status: 'failed', total: 0 },
          (e) => expect(e.failure?.type).toBe('invalid_json'),
        ],
        [
          'a file of whitespace only',
          () => Buffer.from(' \t\r\n'.repeat(1_000)),
          { status: 'failed', total: 0 },
          (e) => expect(e.failure).toEqual({ type: 'invalid_json', message: expect.any(String) }),
        ],
        [
          'a second array after the first (trailing garbage)',
          () => Buffer.from(`[${JSON.stringify(ok)}] []`),
          { status: 'failed', total: 0, indexed_count: 0 },
          (e) => expect(e.failure).toEqual({ type: 'invalid_json', message: expect.stringMatching(/byte/) }),
        ],
        [
          'a NUL byte after the array (trailing garbage)',
          () => Buffer.concat([Buffer.from(`[${JSON.stringify(ok)}]`), Buffer.from([0x00])]),
          { status: 'failed', total: 0, indexed_count: 0 },
          (e) => expect(e.failure?.type).toBe('invalid_json'),
        ],
        [
          'an extra closing bracket after the array',
          () => Buffer.from(`[${JSON.stringify(ok)}]]`),
          { status: 'failed', total: 0 },
          (e) => expect(e.failure?.type).toBe('invalid_json'),
        ],
      ];

    it.each(CONTENT_CASES)('judges %s', async (_label, file, expected, check) => {
      const caller = await createCaller(t.app);
      const jobId = await upload(t.http, caller.auth, file());
      const job = await waitForJob(t.http, caller.auth, jobId, { timeoutMs: 20_000 });
      expect(job).toMatchObject(expected);
      expect(job.completed_at).not.toBeNull();
      if (job.status === 'done') expect(job.indexed_count + job.failed_count + job.skipped_count).toBe(job.total);
      const errors = await authed(t.http, caller).get(`/v1/catalogs/imports/${jobId}/errors?limit=100`).expect(200);
      const body = errors.body as ErrorsBody;
      if (job.status === 'failed') {
        expect(body.data).toEqual([]);
        const [{ n }] = await query<{ n: string }>(t.app, 'SELECT count(*) AS n FROM products WHERE organization_id = $1', [
          caller.organizationId,
        ]);
        expect(Number(n)).toBe(0);
      } else {
        expect(body.failure).toBeNull();
      }
      await check(body, caller);
      // Accepted: exactly one job, its stored file deleted once it ended.
      expect(await importRowsOf(t.app, caller.organizationId)).toMatchObject({ jobs: 1, chunks: 0 });
      await expectHealthy(t.http, sentinel);
    });
  });
});
