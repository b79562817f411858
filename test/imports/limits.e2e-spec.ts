import { authed } from '../support/authed';
import { isStorableString } from '../../src/common/text/storable-string';
import { query } from '../support/database';
import { createCaller, type TestCaller } from '../support/factories';
import { upload, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';

const ok = (id: string, extra: Record<string, unknown> = {}) => JSON.stringify({ id, title: `Product ${id}`, ...extra });

interface ErrorsPage {
  failed_count: number;
  error_details_kept: number;
  data: Array<{ index: number; product_id: string | null; errors: Array<{ field: string; message: string }> }>;
  next_cursor: string | null;
}

async function errorsPage(t: TestApp, caller: TestCaller, jobId: string, cursor?: string): Promise<{ body: ErrorsPage; bytes: number }> {
  const response = await authed(t.http, caller)
    .get(`/v1/catalogs/imports/${jobId}/errors`)
    .query({ limit: 100, ...(cursor ? { cursor } : {}) })
    .expect(200);
  return { body: response.body as ErrorsPage, bytes: Buffer.byteLength(response.text) };
}

async function importFile(t: TestApp, caller: TestCaller, content: string | Buffer) {
  return waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, content), { timeoutMs: 60_000 });
}

describe('Import limits: one element never fails the file, and its errors are bounded', () => {
  let t: TestApp;
  let caller: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    caller = await createCaller(t.app);
  });

  // A file with an element that is not JSON: `[{"id":"ok-1","title":"fine"}, 😀, {"id":"ok-2","title":"fine"}]`, the middle element varied.
  const head = Buffer.from('[{"id":"ok-1","title":"fine"}, ');
  const tail = Buffer.from(', {"id":"ok-2","title":"fine"}]');
  it.each([
    ['an emoji', Buffer.from('😀'), /^not valid JSON: unexpected character; the element starts at byte 31$/],
    ['a raw NUL byte', Buffer.from([0]), /^not valid JSON: unexpected character; the element starts at byte 31$/],
    ['a lone surrogate escape outside a string', Buffer.from('\\ud800'), /^not valid JSON: .* at byte 31$/],
    ['a broken object holding an emoji', Buffer.from('{"id":"x","title":😀}'), /^not valid JSON: unexpected character/],
    ['a lone surrogate in a string', Buffer.from('"\\ud800"'), /^product must be a JSON object/],
    ['a NUL and a lone surrogate in an object', Buffer.from('{"id":"\\ud800","title":"t\\u0000"}'), /cannot be stored/],
  ])('imports the valid neighbours of %s, which is one failed product', async (_name, element, message) => {
    const job = await importFile(t, caller, Buffer.concat([head, element, tail]));
    expect(job).toMatchObject({ status: 'done', total: 3, indexed_count: 2, failed_count: 1, skipped_count: 0 });
    const { body } = await errorsPage(t, caller, job.job_id);
    expect(body.data).toHaveLength(1);
    expect(body.data[0].index).toBe(1);
    expect(body.data[0].product_id).toBeNull();
    expect(body.data[0].errors.some((e) => message.test(e.message))).toBe(true);
    for (const e of body.data[0].errors) expect(isStorableString(e.field) && isStorableString(e.message)).toBe(true);
  });

  it('reports 131,000 bad items and thousands of unknown keys as 20 errors plus "… and N more errors"', async () => {
    const tags = `{"id":"x1","title":"t","tags":[${new Array(131_000).fill('0').join(',')}]}`;
    const keys = { id: 2, title: 't', ...Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i])) };
    const job = await importFile(t, caller, `[${tags},${JSON.stringify(keys)},${ok('fine')}]`);
    expect(job).toMatchObject({ status: 'done', total: 3, indexed_count: 1, failed_count: 2 });
    const { body } = await errorsPage(t, caller, job.job_id);
    const [items, unknownKeys] = body.data;
    expect(items.product_id).toBe('x1');
    expect(items.errors).toHaveLength(21);
    expect(items.errors.slice(0, 20).map((e) => e.field)).toEqual(Array.from({ length: 20 }, (_, i) => `tags[${i}]`));
    expect(items.errors[20]).toEqual({ field: '', message: '… and 130,981 more errors' });
    expect(unknownKeys.product_id).toBe('2');
    expect(unknownKeys.errors).toHaveLength(21);
    expect(unknownKeys.errors[0]).toEqual({ field: 'k0', message: 'unknown field' });
    expect(unknownKeys.errors[20]).toEqual({ field: '', message: '… and 4,980 more errors' });
  });

  it('keeps /errors pages near 1 MiB, however large the stored rows, and pages through all of them', async () => {
    // Each element: 20 two-level paths of about 256 characters of 3-byte text (unstorable inner keys).
    const element = (i: number) => {
      const nested = Object.fromEntries(
        Array.from({ length: 20 }, (_, k) => [`€${k}${'€'.repeat(200)}`, { [`${'€'.repeat(200)}\u0000`]: 1 }]),
      );
      return JSON.stringify({ id: `big-${i}`, title: 't', attributes: nested });
    };
    const job = await importFile(t, caller, `[${Array.from({ length: 100 }, (_, i) => element(i)).join(',')}]`);
    expect(job).toMatchObject({ status: 'done', total: 100, failed_count: 100 });
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const { body, bytes } = await errorsPage(t, caller, job.job_id, cursor);
      pages++;
      expect(bytes).toBeLessThan(1_048_576 + 40_000);
      for (const row of body.data) {
        expect(row.errors).toHaveLength(21);
        for (const e of row.errors) expect(e.field.length).toBeLessThanOrEqual(256);
      }
      seen.push(...body.data.map((row) => row.index));
      cursor = body.next_cursor ?? undefined;
    } while (cursor);
    expect(pages).toBeGreaterThan(1); // 100 such rows do not fit one page
    expect(seen).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });
});

describe('Import limits with small settings (details limit 3, batches of 4 products or 64 KiB)', () => {
  let t: TestApp;
  let caller: TestCaller;

  beforeAll(async () => {
    t = await createTestApp({
      config: (c) => ({ ...c, worker: { ...c.worker, batchSize: 4, batchBytes: 65_536, errorDetailsLimit: 3 } }),
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    caller = await createCaller(t.app);
  });

  /** Products written by one transaction share updated_at (now() is the transaction's start). */
  async function batchesOf(ids: string[]): Promise<string[][]> {
    const rows = await query<{ product_id: string; at: string }>(
      t.app,
      `SELECT product_id, updated_at::text AS at FROM products WHERE organization_id = $1 AND product_id = ANY($2) ORDER BY updated_at, product_id`,
      [caller.organizationId, ids],
    );
    const groups = new Map<string, string[]>();
    for (const row of rows) groups.set(row.at, [...(groups.get(row.at) ?? []), row.product_id]);
    return [...groups.values()];
  }

  it('keeps error details for the first 3 failed elements only, while failed_count stays exact', async () => {
    const file = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? ok(`p${i}`) : JSON.stringify({ id: `bad-${i}` })));
    const job = await importFile(t, caller, `[${file.join(',')}]`);
    expect(job).toMatchObject({ status: 'done', total: 20, indexed_count: 10, failed_count: 10 });
    const { body } = await errorsPage(t, caller, job.job_id);
    expect(body.data.map((row) => row.index)).toEqual([1, 3, 5]);
    expect(body).toMatchObject({ failed_count: 10, error_details_kept: 3, next_cursor: null });
    const [{ count }] = await query<{ count: string }>(t.app, 'SELECT count(*) FROM import_errors WHERE job_id = $1', [job.job_id]);
    expect(Number(count)).toBe(3);
  });

  it('does not count elements too small to be products towards the batch size', async () => {
    const zeros = new Array(100).fill('0').join(',');
    const file = `[${ok('p0')},${zeros},${ok('p1')},${ok('p2')},${zeros},${ok('p3')},${ok('p4')}]`;
    const job = await importFile(t, caller, file);
    expect(job).toMatchObject({ status: 'done', total: 205, indexed_count: 5, failed_count: 200 });
    // By count alone the 200 zeros would have made about 50 batches of 4 elements.
    expect(await batchesOf(['p0', 'p1', 'p2', 'p3', 'p4'])).toEqual([['p0', 'p1', 'p2', 'p3'], ['p4']]);
  });

  it('ends a batch once its elements reach IMPORT_BATCH_BYTES', async () => {
    // About 25 KiB each: 2 of them stay under 64 KiB, the 3rd crosses it.
    const ids = Array.from({ length: 7 }, (_, i) => `big-${i}`);
    const file = ids.map((id) => ok(id, { description: 'd'.repeat(5_000), attributes: bulk() }));
    const job = await importFile(t, caller, `[${file.join(',')}]`);
    expect(job).toMatchObject({ status: 'done', total: 7, indexed_count: 7 });
    expect((await batchesOf(ids)).map((group) => group.length)).toEqual([3, 3, 1]);
  });
});

/** 20 attributes of 1,000 characters: about 20 KB. */
function bulk(): Record<string, string> {
  return Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`attr${i}`, 'x'.repeat(1_000)]));
}
