import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FEED_FORMATS, type FeedFormat } from '../../src/common/feeds/feed-format';
import { MAX_ELEMENT_BYTES } from '../../src/imports/pipeline/raw-element';
import { ImportJobRunnerService } from '../../src/imports/worker/import-job-runner.service';
import { expectErrorShape } from '../support/assertions';
import { authed } from '../support/authed';
import { query } from '../support/database';
import { createCaller, type TestCaller } from '../support/factories';
import { FEED_FILE_NAMES, feedOf, type FeedProduct } from '../../tools/harness/feed-files';
import { GatedRunner } from '../support/gated-runner';
import { waitForJob, type JobBody } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';

const PRODUCTS: FeedProduct[] = [
  {
    id: 'SKU-1',
    title: 'Wool sweater, "cosy"',
    description: 'Warm & soft <knit>',
    url: 'https://shop.example.com/p/sku-1',
    image_url: 'https://shop.example.com/i/sku-1.jpg',
    additional_image_urls: ['https://shop.example.com/i/sku-1-b.jpg', 'https://shop.example.com/i/sku-1-c.jpg'],
    price: { amount: 59.9, currency: 'EUR' },
    sale_price: { amount: 49.5, currency: 'EUR' },
    availability: 'in_stock',
    condition: 'new',
    brand: 'Northfold',
    gtin: '4006381333931',
    mpn: 'NF-100',
    group_id: 'SWEATER',
    categories: ['Apparel > Knitwear'],
    attributes: { color: 'blue', size: 'M' },
  },
  { id: 'SKU-2', title: 'Scarf', price: { amount: 12, currency: 'USD' }, availability: 'out_of_stock' },
  { id: 'SKU-3', title: 'Hat', attributes: { material: 'wool' } },
  { id: 'SKU-4', title: 'Bad price', price: { amount: 5, currency: 'ZZZ' } }, // fails: unknown currency
];

/** The line of the file where each format writes product k (header, XML prologue before it). */
const LINE_OF: Record<FeedFormat, (k: number) => number | undefined> = {
  json: () => undefined,
  jsonl: (k) => k + 1,
  csv: (k) => k + 2,
  gmc_tsv: (k) => k + 2,
  gmc_xml: (k) => k + 3,
};
const PRICE_COLUMN: Record<FeedFormat, string | undefined> = {
  json: undefined,
  jsonl: undefined,
  csv: 'price.currency',
  gmc_tsv: 'price',
  gmc_xml: 'price',
};
const NEW_FORMATS = FEED_FORMATS.filter((f) => f !== 'json');

describe('feed formats: JSON Lines, CSV, Google Merchant Center TSV and XML', () => {
  let t: TestApp;
  let runner: GatedRunner;

  beforeAll(async () => {
    t = await createTestApp({
      config: (c) => ({ ...c, worker: { ...c.worker, batchSize: 2 } }),
      override: (builder) => builder.overrideProvider(ImportJobRunnerService).useClass(GatedRunner),
    });
    runner = t.app.get(ImportJobRunnerService);
  });
  afterAll(async () => {
    await t.close();
  });

  async function send(caller: TestCaller, content: string, fileName: string, options: { contentType?: string; params?: string } = {}) {
    return authed(t.http, caller)
      .post(`/v1/catalogs/imports${options.params ? `?${options.params}` : ''}`)
      .attach('file', Buffer.from(content), { filename: fileName, contentType: options.contentType ?? 'application/octet-stream' });
  }

  async function importFeed(
    caller: TestCaller,
    content: string,
    fileName: string,
    options: { contentType?: string; params?: string } = {},
  ) {
    const response = await send(caller, content, fileName, options);
    expect(response.status).toBe(202);
    const jobId = (response.body as { job_id: string }).job_id;
    return { jobId, job: await waitForJob(t.http, caller.auth, jobId) };
  }

  async function catalogOf(caller: TestCaller): Promise<Array<{ product_id: string; data: unknown; content_hash: string }>> {
    return query(
      t.app,
      `SELECT product_id, data, encode(content_hash, 'hex') AS content_hash FROM products WHERE organization_id = $1 ORDER BY product_id`,
      [caller.organizationId],
    );
  }

  async function errorsOf(caller: TestCaller, jobId: string) {
    const response = await authed(t.http, caller).get(`/v1/catalogs/imports/${jobId}/errors`).expect(200);
    return response.body as {
      failure: { type: string; message: string } | null;
      data: Array<{ index: number; product_id: string | null; errors: unknown[] }>;
    };
  }

  const counters = (job: JobBody) => ({
    status: job.status,
    total: job.total,
    indexed: job.indexed_count,
    failed: job.failed_count,
    skipped: job.skipped_count,
  });

  it('imports the same products to the same catalog from every format, with the failed one located', async () => {
    const reference = await createCaller(t.app);
    await importFeed(reference, feedOf('json', PRODUCTS), 'feed.json');
    const expected = await catalogOf(reference);
    expect(expected.map((p) => p.product_id)).toEqual(['SKU-1', 'SKU-2', 'SKU-3']);
    for (const format of NEW_FORMATS) {
      const caller = await createCaller(t.app);
      const { jobId, job } = await importFeed(caller, feedOf(format, PRODUCTS), FEED_FILE_NAMES[format]);
      expect({ format, ...counters(job) }).toEqual({ format, status: 'done', total: 4, indexed: 3, failed: 1, skipped: 0 });
      expect({ format, catalog: await catalogOf(caller) }).toEqual({ format, catalog: expected });
      const errors = await errorsOf(caller, jobId);
      expect({ format, data: errors.data }).toEqual({
        format,
        data: [
          {
            index: 3,
            product_id: 'SKU-4',
            errors: [
              {
                field: 'price.currency',
                message: expect.stringContaining('ISO 4217') as unknown,
                ...(LINE_OF[format](3) === undefined ? {} : { line: LINE_OF[format](3) }),
                ...(PRICE_COLUMN[format] === undefined ? {} : { column: PRICE_COLUMN[format] }),
              },
            ],
          },
        ],
      });
    }
  });

  it('skips the unchanged products re-uploaded in another format, and applies a change', async () => {
    const caller = await createCaller(t.app);
    await importFeed(caller, feedOf('csv', PRODUCTS), 'feed.csv');
    for (const format of FEED_FORMATS) {
      const { job } = await importFeed(caller, feedOf(format, PRODUCTS), FEED_FILE_NAMES[format]);
      expect({ format, ...counters(job) }).toEqual({ format, status: 'done', total: 4, indexed: 0, failed: 1, skipped: 3 });
    }
    const changed = PRODUCTS.map((p) => (p.id === 'SKU-2' ? { ...p, title: 'Long scarf' } : p));
    const { job } = await importFeed(caller, feedOf('gmc_xml', changed), 'feed.xml');
    expect(counters(job)).toEqual({ status: 'done', total: 4, indexed: 1, failed: 1, skipped: 2 });
    const stored = await authed(t.http, caller).get('/v1/catalogs/products/SKU-2').expect(200);
    expect((stored.body as { title: string }).title).toBe('Long scarf');
  });

  it.each(['products.jsonl', 'products.csv', 'products.tsv', 'products.xml'])(
    'imports examples/%s: two products, one failed',
    async (name) => {
      const caller = await createCaller(t.app);
      const { job } = await importFeed(caller, readFileSync(join(__dirname, '../../examples', name), 'utf8'), name);
      expect(counters(job)).toEqual({ status: 'done', total: 3, indexed: 2, failed: 1, skipped: 0 });
      expect((await catalogOf(caller)).map((p) => p.product_id)).toEqual(['10043', 'SKU-10042']);
    },
  );

  it.each([
    ['the part content type', 'catalog.dat', 'application/x-ndjson', 'jsonl' as const],
    ['the file name', 'catalog.tsv', 'application/octet-stream', 'gmc_tsv' as const],
    ['the first bytes (CSV)', 'catalog', 'application/octet-stream', 'csv' as const],
    ['the first bytes (XML)', 'catalog', 'text/plain', 'gmc_xml' as const],
    ['the first bytes (JSON Lines)', 'catalog', 'application/octet-stream', 'jsonl' as const],
  ])('tells the format from %s', async (_how, fileName, contentType, format) => {
    const caller = await createCaller(t.app);
    const { jobId, job } = await importFeed(caller, feedOf(format, PRODUCTS.slice(0, 2)), fileName, { contentType });
    expect(counters(job)).toEqual({ status: 'done', total: 2, indexed: 2, failed: 0, skipped: 0 });
    expect(await query(t.app, 'SELECT format FROM import_jobs WHERE id = $1', [jobId])).toEqual([{ format }]);
  });

  it('answers 415 with the accepted formats when the format cannot be told, storing nothing', async () => {
    const caller = await createCaller(t.app);
    const response = await send(caller, 'just some words\nand more', 'catalog', { contentType: 'application/octet-stream' });
    expectErrorShape(response, 415, 'unsupported_media_type');
    const message = (response.body as { error: { message: string } }).error.message;
    for (const sign of ['JSON array', 'JSON Lines', 'CSV', 'Google Merchant Center TSV', 'RSS 2.0', '*.jsonl', 'text/csv'])
      expect(message).toContain(sign);
    expect(await query(t.app, 'SELECT 1 FROM import_jobs WHERE organization_id = $1', [caller.organizationId])).toEqual([]);
  });

  it.each(NEW_FORMATS)('%s: a delivery that dies after a committed batch resumes to the same result', async (format) => {
    const caller = await createCaller(t.app);
    const fileName = `crash-${randomUUID()}${FEED_FILE_NAMES[format].slice(4)}`;
    runner.crashOnce(fileName, 1);
    const many = Array.from({ length: 9 }, (_, i) => ({ id: `c-${i}`, title: `Product ${i}`, attributes: { size: String(i) } }));
    const { jobId, job } = await importFeed(caller, feedOf(format, many), fileName);
    expect(counters(job)).toEqual({ status: 'done', total: 9, indexed: 9, failed: 0, skipped: 0 });
    expect(await query(t.app, 'SELECT attempts FROM import_jobs WHERE id = $1', [jobId])).toEqual([{ attempts: 2 }]);
    expect((await catalogOf(caller)).map((p) => p.product_id)).toEqual(many.map((p) => p.id));
  });

  it.each(NEW_FORMATS)('%s: replace mode deletes the products the feed does not name', async (format) => {
    const caller = await createCaller(t.app);
    await importFeed(caller, feedOf('json', PRODUCTS), 'feed.json');
    const { job } = await importFeed(caller, feedOf(format, [PRODUCTS[0], PRODUCTS[1], PRODUCTS[3]]), FEED_FILE_NAMES[format], {
      params: 'mode=replace',
    });
    expect(counters(job)).toEqual({ status: 'done', total: 3, indexed: 0, failed: 1, skipped: 2 });
    expect((await catalogOf(caller)).map((p) => p.product_id)).toEqual(['SKU-1', 'SKU-2']);
  });

  it('cancels a CSV import at a batch boundary, keeping what committed', async () => {
    const caller = await createCaller(t.app);
    const fileName = `gate-${randomUUID()}.csv`;
    const gate = runner.gate(fileName, 1);
    const response = await send(caller, feedOf('csv', PRODUCTS), fileName);
    const jobId = (response.body as { job_id: string }).job_id;
    await gate.reached;
    await authed(t.http, caller).post(`/v1/catalogs/imports/${jobId}/cancel`).expect(202);
    gate.release();
    const job = await waitForJob(t.http, caller.auth, jobId);
    expect(counters(job)).toMatchObject({ status: 'failed', indexed: 2 });
    expect((await errorsOf(caller, jobId)).failure?.type).toBe('cancelled');
    expect((await catalogOf(caller)).map((p) => p.product_id)).toEqual(['SKU-1', 'SKU-2']);
  });

  it('answers a retried upload of the same feed with the first job (Idempotency-Key)', async () => {
    const caller = await createCaller(t.app);
    const feed = feedOf('gmc_tsv', PRODUCTS);
    const ids = [];
    for (let i = 0; i < 2; i++) {
      const response = await authed(t.http, caller)
        .post('/v1/catalogs/imports')
        .set('Idempotency-Key', 'tsv-nightly')
        .attach('file', Buffer.from(feed), 'feed.tsv')
        .expect(202);
      ids.push((response.body as { job_id: string }).job_id);
    }
    expect(ids[1]).toBe(ids[0]);
  });

  it('fails one unreadable row or line alone, with its line, and reads on', async () => {
    const caller = await createCaller(t.app);
    // A quote mark inside an unquoted cell is text (the row stays a row); a row with another column
    // count, or with text after a quoted cell's closing quote, fails.
    const csv = 'id,title\r\nA,Alpha\r\nB,Be"ta\r\nC,Gamma,extra\nD,Delta\nE,"Ep"silon\n';
    const { jobId, job } = await importFeed(caller, csv, 'feed.csv');
    expect(counters(job)).toEqual({ status: 'done', total: 5, indexed: 3, failed: 2, skipped: 0 });
    const errors = await errorsOf(caller, jobId);
    expect(errors.data.map((d) => [d.index, d.errors])).toEqual([
      [2, [{ field: '', message: 'row has 3 columns; the header has 2', line: 4 }]],
      [4, [{ field: '', message: 'row cannot be read as CSV: a quote mark in the wrong place', line: 6 }]],
    ]);
    const unterminated = await importFeed(caller, 'id,title\nE,Epsilon\nF,"Phi\nG,Gamma\n', 'feed.csv');
    expect(counters(unterminated.job)).toEqual({ status: 'done', total: 2, indexed: 1, failed: 1, skipped: 0 });
    expect((await errorsOf(caller, unterminated.jobId)).data[0].errors).toEqual([
      { field: '', message: 'row cannot be read as CSV: a quoted field is never closed', line: 3 },
    ]);
    const jsonl = '{"id":"a","title":"A"}\n{"id":"b","title":tru}\n\n{"id":"c","title":"C"}\n';
    const lines = await importFeed(caller, jsonl, 'feed.jsonl');
    expect(counters(lines.job)).toEqual({ status: 'done', total: 3, indexed: 2, failed: 1, skipped: 0 });
    expect((await errorsOf(caller, lines.jobId)).data[0]).toMatchObject({ index: 1, errors: [{ field: '', line: 2 }] });
  });

  it('fails a CSV row over 256 KiB alone (a row at the limit is read) and imports the rows around it', async () => {
    const caller = await createCaller(t.app);
    const keys = Array.from({ length: 100 }, (_, k) => `attributes.k${k}`);
    const empty = ','.repeat(keys.length);
    /** A row of exactly `size` bytes whose title fills it (a quoted line break in it), other cells empty. */
    const sized = (id: string, size: number) => {
      const fixed = `${id},"\n",${empty}`.length;
      return `${id},"${'y'.repeat(size - fixed)}\n",${empty}`;
    };
    const big = `BIG,Big,${'d'.repeat(5_000)},${keys.map((_, k) => `${k}`.padEnd(1_000, 'v')).join(',')}`; // ≈ 105 KB, valid
    const rows = [`A,Alpha,${empty}`, big, sized('OVER', MAX_ELEMENT_BYTES + 1), sized('AT', MAX_ELEMENT_BYTES), `B,Beta,${empty}`];
    const csv = `id,title,description,${keys.join(',')}\r\n${rows.join('\r\n')}\r\n`;
    const { jobId, job } = await importFeed(caller, csv, 'big-rows.csv');
    expect(counters(job)).toEqual({ status: 'done', total: 5, indexed: 3, failed: 2, skipped: 0 });
    expect((await catalogOf(caller)).map((p) => p.product_id)).toEqual(['A', 'B', 'BIG']);
    const { data } = await errorsOf(caller, jobId);
    expect(data[0]).toEqual({
      index: 2,
      product_id: null,
      errors: [
        {
          field: '',
          // Its last byte is the one over the limit.
          message: 'row is over 262,144 bytes (256 KiB): it passes the limit in column 103 (attributes.k99) and is not read',
          line: 4,
        },
      ],
    });
    // The row at the limit was read: it fails on its product's title, not its size.
    expect(data[1]).toMatchObject({ index: 3, product_id: 'AT', errors: [{ field: 'title', line: 6, column: 'title' }] });
  });

  it('fails a JSON Lines line and an XML item over 256 KiB alone, reading on', async () => {
    const caller = await createCaller(t.app);
    const line = (id: string, size: number) => {
      const head = `{"id":"${id}","title":"t","description":"`;
      return `${head}${'d'.repeat(size - head.length - 2)}"}`;
    };
    const jsonl = [line('a', 200), line('over', MAX_ELEMENT_BYTES + 1), line('b', 300)].join('\n');
    const lines = await importFeed(caller, jsonl, 'big-line.jsonl');
    expect(counters(lines.job)).toEqual({ status: 'done', total: 3, indexed: 2, failed: 1, skipped: 0 });
    expect((await errorsOf(caller, lines.jobId)).data).toEqual([
      {
        index: 1,
        product_id: null,
        errors: [{ field: '', message: 'product is 262,145 bytes; the limit is 262,144 bytes (256 KiB)', line: 2 }],
      },
    ]);
    const item = (id: string, text: string) => `<item><g:id>${id}</g:id><title>T</title><description>${text}</description></item>\n`;
    const xml =
      '<?xml version="1.0"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>\n' +
      `${item('x1', 'ok')}${item('x2', 'd'.repeat(MAX_ELEMENT_BYTES))}${item('x3', 'ok')}</channel></rss>`;
    const items = await importFeed(caller, xml, 'big-item.xml');
    expect(counters(items.job)).toEqual({ status: 'done', total: 3, indexed: 2, failed: 1, skipped: 0 });
    expect((await errorsOf(caller, items.jobId)).data).toEqual([
      {
        index: 1,
        product_id: null,
        errors: [{ field: '', message: expect.stringContaining('the limit is 262,144 (256 KiB)') as unknown, line: 4 }],
      },
    ]);
  });

  it.each([
    ['a CSV header naming a column twice', 'id,title,title\na,A,B\n', 'feed.csv', /appears twice/],
    ['a TSV feed without an id column', 'title\tprice\nA\t1 USD\n', 'feed.tsv', /no "id" column/],
    ['XML that is not well-formed', '<rss><channel><item><g:id>a</g:id></channel></rss>', 'feed.xml', /not well-formed XML/],
  ])('fails the job as invalid_feed for %s, changing nothing', async (_case, content, fileName, message) => {
    const caller = await createCaller(t.app);
    const { jobId, job } = await importFeed(caller, content, fileName);
    expect(counters(job)).toMatchObject({ status: 'failed', indexed: 0 });
    const { failure } = await errorsOf(caller, jobId);
    expect(failure?.type).toBe('invalid_feed');
    expect(failure?.message).toMatch(message);
    expect(await catalogOf(caller)).toEqual([]);
  });
});
