import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { IMPORT_QUEUE } from '../../src/imports/queue/import-queue.constants';
import { createCaller, type TestCaller } from '../support/factories';
import { query } from '../support/database';
import { getJob, products, upload, waitForJob, type JobBody } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

const valid = (id: string | number, extra: Record<string, unknown> = {}) => ({ id, title: `Product ${id}`, ...extra });

describe('Import pipeline (upload → worker → catalog)', () => {
  let t: TestApp;
  let caller: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    caller = await createCaller(t.app);
  });

  const importFile = async (content: string | Buffer, onPoll?: (job: JobBody) => void) =>
    waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, content), { onPoll });

  const errorsOf = async (jobId: string) =>
    (await authed(t.http, caller).get(`/v1/catalogs/imports/${jobId}/errors?limit=100`).expect(200)).body;

  it('imports a file with exact counters, and the status invariants hold at every poll', async () => {
    const polls: JobBody[] = [];
    // Hold this app's worker so the first polls are guaranteed to see the job before it is done.
    const queue = t.app.get<Queue>(getQueueToken(IMPORT_QUEUE));
    await queue.pause(true);
    let jobId: string;
    try {
      jobId = await upload(t.http, caller.auth, products(250));
      polls.push(await getJob(t.http, caller.auth, jobId));
    } finally {
      await queue.resume(true);
    }
    const job = await waitForJob(t.http, caller.auth, jobId, { onPoll: (j) => polls.push(j) });
    expect(polls.filter((p) => p.status === 'pending' || p.status === 'processing').length).toBeGreaterThanOrEqual(1);
    expect(job).toMatchObject({ status: 'done', total: 250, indexed_count: 250, failed_count: 0, skipped_count: 0, progress: 250 });
    for (const p of polls) {
      expect(p.progress).toBe(p.indexed_count + p.failed_count);
      if (p.status === 'pending') expect(p.started_at).toBeNull();
      if (p.status !== 'done' && p.status !== 'failed') expect(p.completed_at).toBeNull();
      if (p.status === 'processing') expect(p.started_at).not.toBeNull();
      expect(p.indexed_count + p.failed_count + p.skipped_count).toBeLessThanOrEqual(Math.max(p.total, 0));
    }
    expect(Date.parse(job.completed_at!)).toBeGreaterThanOrEqual(Date.parse(job.started_at!));
    const [{ count }] = await query<{ count: string }>(t.app, 'SELECT count(*) FROM products WHERE organization_id = $1', [
      caller.organizationId,
    ]);
    expect(Number(count)).toBe(250);
    const [{ chunks }] = await query<{ chunks: string }>(t.app, 'SELECT count(*) AS chunks FROM import_file_chunks WHERE job_id = $1', [
      job.job_id,
    ]);
    expect(Number(chunks)).toBe(0); // the stored file is deleted once the import ends
  });

  it('counts and reports invalid products with their JSON paths', async () => {
    const file = [
      valid('ok-1'),
      { title: 'no id' },
      valid('bad-currency', { price: { amount: 10, currency: 'usd' } }),
      valid('bad-category', { categories: ['Shoes', '', 'Hats', 'x'.repeat(256)] }),
      valid('unknown', { colour: 'red' }),
      valid('gtin', { gtin: '4006381333932' }),
      valid('sale', { price: { amount: 10, currency: 'EUR' }, sale_price: { amount: 12, currency: 'USD' } }),
      'just a string',
      null,
      valid('ok-2', { gtin: '4006381333931', price: { amount: 19.99, currency: 'EUR' } }),
    ];
    const job = await importFile(JSON.stringify(file));
    expect(job).toMatchObject({ status: 'done', total: 10, indexed_count: 2, failed_count: 8, skipped_count: 0 });
    const body = await errorsOf(job.job_id);
    expect(body.failure).toBeNull();
    const byIndex = new Map<number, { product_id: string | null; errors: Array<{ field: string }> }>(
      body.data.map((e: { index: number }) => [e.index, e]),
    );
    expect([...byIndex.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const fields = (i: number) => byIndex.get(i)!.errors.map((e) => e.field);
    expect(fields(1)).toContain('id');
    expect(byIndex.get(1)!.product_id).toBeNull();
    expect(fields(2)).toEqual(['price.currency']);
    expect(byIndex.get(2)!.product_id).toBe('bad-currency');
    expect(fields(3)).toEqual(expect.arrayContaining(['categories[1]', 'categories[3]']));
    expect(fields(3)).not.toContain('categories[2]');
    expect(fields(4)).toEqual(['colour']);
    expect(fields(5)).toEqual(['gtin']);
    expect(fields(6).some((f) => f.startsWith('sale_price'))).toBe(true);
    expect(fields(7)).toEqual(['']);
    expect(fields(8)).toEqual(['']);
  });

  it('reports one invalid product per schema rule, each under its JSON path', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: ' \t ' }, 'title'],
      [{ id: 'x'.repeat(101) }, 'id'],
      [{ id: 'a\u0001b' }, 'id'],
      [{ id: 1.5 }, 'id'],
      [{ description: 'd'.repeat(5001) }, 'description'],
      [{ url: 'ftp://example.com/x' }, 'url'],
      [{ image_url: 'not a url' }, 'image_url'],
      [{ additional_image_urls: ['https://a.example/1.jpg', 'nope'] }, 'additional_image_urls[1]'],
      [{ price: { amount: 1.23456, currency: 'USD' } }, 'price.amount'],
      [{ price: { amount: 5 } }, 'price.currency'],
      [{ availability: 'sold_out' }, 'availability'],
      [{ condition: 'broken' }, 'condition'],
      [{ brand: 'b'.repeat(71) }, 'brand'],
      [{ mpn: '' }, 'mpn'],
      [{ group_id: 'g'.repeat(101) }, 'group_id'],
      [{ tags: ['ok', 't'.repeat(101)] }, 'tags[1]'],
      [{ inventory_quantity: -1 }, 'inventory_quantity'],
      [{ attributes: { color: { nested: true } } }, 'attributes.color'],
      [{ description: null }, 'description'],
    ];
    const file = cases.map(([fields], i) => ({ id: `rule-${i}`, title: `Rule ${i}`, ...fields }));
    const job = await importFile(JSON.stringify(file));
    expect(job).toMatchObject({ status: 'done', total: cases.length, indexed_count: 0, failed_count: cases.length });
    const body = await errorsOf(job.job_id);
    cases.forEach(([, path], i) => {
      const entry = body.data.find((e: { index: number }) => e.index === i);
      expect({ i, fields: entry.errors.map((e: { field: string }) => e.field) }).toEqual({ i, fields: expect.arrayContaining([path]) });
    });
  });

  it('skips every product of an identical re-upload without rewriting it', async () => {
    const content = products(120);
    await importFile(content);
    const before = await query<{ updated_at: Date }>(
      t.app,
      'SELECT max(updated_at) AS updated_at FROM products WHERE organization_id = $1',
      [caller.organizationId],
    );
    const again = await importFile(content);
    expect(again).toMatchObject({ status: 'done', total: 120, indexed_count: 0, failed_count: 0, skipped_count: 120, progress: 0 });
    const after = await query<{ updated_at: Date }>(
      t.app,
      'SELECT max(updated_at) AS updated_at FROM products WHERE organization_id = $1',
      [caller.organizationId],
    );
    expect(after[0].updated_at.getTime()).toBe(before[0].updated_at.getTime());
  });

  it('indexes changed and new products, and skips reordered keys', async () => {
    await importFile(JSON.stringify([valid('a', { brand: 'X', price: { amount: 1, currency: 'USD' } }), valid('b'), valid('c')]));
    const second = [
      { price: { currency: 'USD', amount: 1 }, brand: 'X', title: 'Product a', id: 'a' }, // same content, keys reordered
      valid('b', { brand: 'changed' }),
      valid('d'), // new
    ];
    const job = await importFile(JSON.stringify(second, null, 2));
    expect(job).toMatchObject({ status: 'done', total: 3, indexed_count: 2, skipped_count: 1, failed_count: 0 });
    const b = await authed(t.http, caller).get('/v1/catalogs/products/b').expect(200);
    expect(b.body).toMatchObject({ id: 'b', brand: 'changed', last_import_job_id: job.job_id });
    // Merge: c was absent from the second file and is kept.
    await authed(t.http, caller).get('/v1/catalogs/products/c').expect(200);
  });

  it('processes duplicate ids in file order: each compared with the state before it, the last wins', async () => {
    const file = [valid('dup', { brand: 'one' }), valid('dup', { brand: 'one' }), valid('dup', { brand: 'two' }), valid('other')];
    const job = await importFile(JSON.stringify(file));
    expect(job).toMatchObject({ total: 4, indexed_count: 3, skipped_count: 1, failed_count: 0 });
    const dup = await authed(t.http, caller).get('/v1/catalogs/products/dup').expect(200);
    expect(dup.body.brand).toBe('two');
  });

  it('stores integer ids as strings', async () => {
    const job = await importFile(JSON.stringify([valid(42), valid(7)]));
    expect(job).toMatchObject({ status: 'done', indexed_count: 2 });
    const p = await authed(t.http, caller).get('/v1/catalogs/products/42').expect(200);
    expect(p.body.id).toBe('42');
  });

  it('ignores a UTF-8 byte order mark', async () => {
    const job = await importFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(products(3))]));
    expect(job).toMatchObject({ status: 'done', total: 3, indexed_count: 3 });
  });

  it('accepts an empty array as a done import of nothing', async () => {
    const job = await importFile('[]');
    expect(job).toMatchObject({ status: 'done', total: 0, indexed_count: 0, failed_count: 0, skipped_count: 0 });
  });

  it.each([
    ['malformed', '[{"id":"x","title":"t"}}', 'invalid_json'],
    ['truncated', '[{"id":"x","title":"t"},{"id":"y"', 'invalid_json'],
    ['not an array', '{"id":"x","title":"t"}', 'not_an_array'],
    ['trailing garbage', '[{"id":"x","title":"t"}] x', 'invalid_json'],
    ['invalid UTF-8', Buffer.from([0x5b, 0x22, 0xc3, 0x28, 0x22, 0x5d]), 'invalid_utf8'],
  ])('fails a %s file at once, leaving the catalog untouched', async (_name, content, type) => {
    await importFile(products(2));
    const job = await importFile(Buffer.isBuffer(content) ? content : Buffer.from(content));
    expect(job).toMatchObject({ status: 'failed', indexed_count: 0, failed_count: 0, skipped_count: 0 });
    expect(job.completed_at).not.toBeNull();
    const body = await errorsOf(job.job_id);
    expect(body.failure.type).toBe(type);
    expect(body.failure.message).toMatch(/byte/);
    const [{ count }] = await query<{ count: string }>(t.app, 'SELECT count(*) FROM products WHERE organization_id = $1', [
      caller.organizationId,
    ]);
    expect(Number(count)).toBe(2);
  });

  it('applies two back-to-back uploads of one organization in upload order (the second wins)', async () => {
    const first = await upload(
      t.http,
      caller.auth,
      JSON.stringify(Array.from({ length: 300 }, (_, i) => valid(`id-${i}`, { brand: 'first' }))),
    );
    const second = await upload(
      t.http,
      caller.auth,
      JSON.stringify(Array.from({ length: 300 }, (_, i) => valid(`id-${i}`, { brand: 'second' }))),
    );
    const [a, b] = [await waitForJob(t.http, caller.auth, first), await waitForJob(t.http, caller.auth, second)];
    expect(a.status).toBe('done');
    expect(b.status).toBe('done');
    expect(Date.parse(b.started_at!)).toBeGreaterThanOrEqual(Date.parse(a.completed_at!));
    const rows = await query<{ brand: string; n: string }>(
      t.app,
      `SELECT data->>'brand' AS brand, count(*) AS n FROM products WHERE organization_id = $1 GROUP BY 1`,
      [caller.organizationId],
    );
    expect(rows).toEqual([{ brand: 'second', n: '300' }]);
  });

  it('reports an oversized element as an invalid product, not a failed file', async () => {
    const big = valid('big', { description: 'x'.repeat(300_000) });
    const job = await importFile(JSON.stringify([valid('small'), big]));
    expect(job).toMatchObject({ status: 'done', total: 2, indexed_count: 1, failed_count: 1 });
    const body = await errorsOf(job.job_id);
    expect(body.data[0]).toMatchObject({ index: 1, errors: [{ field: '' }] });
    expect(body.data[0].errors[0].message).toMatch(/256 KiB/);
  });

  it('keeps the status of a finished job stable', async () => {
    const job = await importFile(products(5));
    await new Promise((r) => setTimeout(r, 200));
    expect(await getJob(t.http, caller.auth, job.job_id)).toEqual(job);
  });
});

describe('Import pipeline with tiny batches', () => {
  it('compares duplicates across batch boundaries with the state the previous batch left', async () => {
    const t = await createTestApp({ config: (c) => ({ ...c, worker: { ...c.worker, batchSize: 2 } }) });
    try {
      const caller = await createCaller(t.app);
      const a1 = valid('a', { brand: 'v1' });
      const file = [a1, valid('b'), a1, valid('c'), valid('a', { brand: 'v2' }), a1, valid('a', { brand: 'v1' })];
      const job = await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, JSON.stringify(file)));
      // a new, b new, a same, c new, a changed, a changed back, a same
      expect(job).toMatchObject({ status: 'done', total: 7, indexed_count: 5, skipped_count: 2, failed_count: 0 });
      const again = await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, JSON.stringify(file)));
      // the catalog now holds a=v1: a same, b same, a same, c same, a changed, a changed back, a same
      expect(again).toMatchObject({ status: 'done', indexed_count: 2, skipped_count: 5 });
    } finally {
      await t.close();
    }
  });
});
