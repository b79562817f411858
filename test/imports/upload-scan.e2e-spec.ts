import { DataSource } from 'typeorm';
import { createCaller, type TestCaller } from '../support/factories';
import { getJob, upload, waitForJob } from '../support/imports';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The upload counts the array's elements (and a CSV, TSV or XML feed's rows or items) as it stores
 * the file (import_jobs.scanned_total), so a merge import needs no scan pass of its own; a file that is not a well-formed array gets no count
 * and fails in the worker exactly as before. `total` stays 0 until processing, as the API contract says.
 */
describe('Element count taken at upload', () => {
  let t: TestApp;
  let caller: TestCaller;

  beforeAll(async () => {
    t = await createTestApp({ worker: false, config: (config) => ({ ...config, queuePrefixOverride: 'pds-test:upload-scan' }) });
    caller = await createCaller(t.app);
  });
  afterAll(() => t.close());

  const scannedTotal = async (jobId: string): Promise<number | null> => {
    const [row]: Array<{ scanned_total: number | null }> = await t.app
      .get(DataSource)
      .query('SELECT scanned_total FROM import_jobs WHERE id = $1', [jobId]);
    return row.scanned_total;
  };

  it('records the element count of a well-formed array, with total still 0 while pending', async () => {
    const elements = Array.from({ length: 3_000 }, (_, i) => (i % 7 === 0 ? i : { id: `p-${i}`, title: `Product ${i}`, note: '"[{,}]"' }));
    const jobId = await upload(t.http, caller.auth, `\uFEFF \n${JSON.stringify(elements, null, 1)}\n`);
    await expect(scannedTotal(jobId)).resolves.toBe(3_000);
    expect((await getJob(t.http, caller.auth, jobId)).total).toBe(0);
  });

  it.each([
    ['an empty array', '[]', 0],
    ['elements that are not products', '[1, "two", null, [3]]', 4],
  ])('counts %s', async (_name, content, count) => {
    await expect(scannedTotal(await upload(t.http, caller.auth, content))).resolves.toBe(count);
  });

  it.each([
    ['truncated JSON', '[{"id":"a","title":"x"},'],
    ['an object at the top level', '{"id":"a","title":"x"}'],
    ['invalid UTF-8', Buffer.concat([Buffer.from('[{"id":"a","title":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}]')])],
  ])('records no count for %s (the upload is still accepted)', async (_name, content) => {
    await expect(scannedTotal(await upload(t.http, caller.auth, content))).resolves.toBeNull();
  });

  it.each([
    ['CSV', 'feed.csv', `id,title\r\na,A\nb,"B\nb",extra\n\n"${'x'.repeat(300_000)}",y\nc,C`, 4],
    ['TSV', 'feed.tsv', 'id\ttitle\na\tA\nb\tB\n', 2],
    ['XML', 'feed.xml', '<rss><channel><item><g:id>a</g:id></item><x><item/></x><entry><g:id>b</g:id></entry></channel></rss>', 3],
  ])('counts the rows of a %s feed (an unreadable or oversized row counts as one)', async (_name, fileName, content, count) => {
    await expect(scannedTotal(await upload(t.http, caller.auth, content, fileName))).resolves.toBe(count);
  });

  it.each([
    ['a CSV header naming a column twice', 'feed.csv', 'id,title,title\na,A,B\n'],
    ['a JSON Lines file (counted by the worker)', 'feed.jsonl', '{"id":"a","title":"A"}\n'],
    [
      'an XML feed with over 1 MiB of text without a tag (counted by the worker)',
      'feed.xml',
      `<rss><channel><description>${'x'.repeat(1_100_000)}</description><item><g:id>a</g:id></item></channel></rss>`,
    ],
    ['XML with a document type declaration', 'feed.xml', '<!DOCTYPE rss><rss><channel><item><g:id>a</g:id></item></channel></rss>'],
  ])('records no count for %s', async (_name, fileName, content) => {
    await expect(scannedTotal(await upload(t.http, caller.auth, content, fileName))).resolves.toBeNull();
  });
});

describe('Imports that use the upload count', () => {
  let t: TestApp;
  let caller: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    caller = await createCaller(t.app);
  });
  afterAll(() => t.close());

  it('end done with total = the counted elements and the same counters as a scanned import', async () => {
    const file = [{ id: 'a', title: 'A' }, { id: 'b' }, 7, { id: 'c', title: 'C' }];
    const job = await waitForJob(t.http, caller.auth, await upload(t.http, caller.auth, JSON.stringify(file)));
    expect(job).toMatchObject({ status: 'done', total: 4, indexed_count: 2, failed_count: 2, skipped_count: 0 });
  });

  it('still fail a malformed file in the worker, with nothing written', async () => {
    const caller = await createCaller(t.app);
    const jobId = await upload(t.http, caller.auth, '[{"id":"x1","title":"written?"},{"id":');
    const job = await waitForJob(t.http, caller.auth, jobId);
    expect(job).toMatchObject({ status: 'failed', total: 0, indexed_count: 0 });
    const [{ n }]: Array<{ n: string }> = await t.app
      .get(DataSource)
      .query(`SELECT count(*) AS n FROM products WHERE organization_id = $1`, [caller.organizationId]);
    expect(Number(n)).toBe(0);
  });
});
