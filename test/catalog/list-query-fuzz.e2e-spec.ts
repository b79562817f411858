import fc from 'fast-check';
import { isStorableString } from '../../src/common/text/storable-string';
import { expectErrorShape } from '../support/assertions';
import { createCaller, type TestCaller } from '../support/factories';
import { upload, waitForJob } from '../support/imports';
import { hostileCursor, hostileQuery } from '../support/query-fuzz';
import { createTestApp, type TestApp } from '../support/test-app';
import { authed } from '../support/authed';

const HOSTILE_RUNS = 250;
const IN_RANGE_RUNS = 100;

const cursorOf = (json: string) => Buffer.from(json, 'utf8').toString('base64url');

/**
 * Every list endpoint that takes a cursor, and `q`, fed random and forged input through HTTP:
 * the answer is 200 or 422 `validation` (ErrorResponse shape), never a 500 from PostgreSQL.
 */
describe('List endpoints under random cursors and queries', () => {
  let t: TestApp;
  let caller: TestCaller;
  let jobId: string;

  beforeAll(async () => {
    // Thousands of requests from one account: the rate limit is not what is tested here.
    t = await createTestApp({ config: (config) => ({ ...config, rateLimitPerMinute: 1_000_000 }) });
    caller = await createCaller(t.app);
    const file = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0 ? { id: `bad-${i}`, title: '' } : { id: `wool-${i}`, title: `Wool sweater ${i}`, tags: ['wool', 'knit'] },
    );
    jobId = await upload(t.http, caller.auth, JSON.stringify(file));
    const job = await waitForJob(t.http, caller.auth, jobId);
    expect(job).toMatchObject({ status: 'done', indexed_count: 20, failed_count: 10 });
  });
  afterAll(() => t.close());

  const get = (path: string) => authed(t.http, caller).get(path);

  /** 200 with a page, or 422 validation; returns the status. */
  async function expectPageOrValidation(path: string): Promise<number> {
    const response = await get(path);
    if (response.status === 422) {
      expectErrorShape(response, 422, 'validation');
    } else {
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      const body = response.body as { data: unknown; next_cursor: unknown };
      expect({ data: Array.isArray(body.data), next_cursor: body.next_cursor === null || typeof body.next_cursor === 'string' }).toEqual({
        data: true,
        next_cursor: true,
      });
    }
    return response.status;
  }

  const endpoints: Array<[string, (cursor: string) => string]> = [
    ['GET /v1/catalogs/imports', (c) => `/v1/catalogs/imports?cursor=${c}`],
    ['GET /v1/catalogs/imports/{id}/errors', (c) => `/v1/catalogs/imports/${jobId}/errors?cursor=${c}`],
    ['GET /v1/catalogs/products', (c) => `/v1/catalogs/products?cursor=${c}`],
    ['GET /v1/catalogs/products?q=', (c) => `/v1/catalogs/products?q=wool&cursor=${c}`],
  ];

  it.each(endpoints)('%s: a random or forged cursor answers 200 or 422, never 5xx', async (_name, path) => {
    await fc.assert(
      fc.asyncProperty(hostileCursor, async (cursor) => {
        await expectPageOrValidation(path(cursor));
      }),
      { numRuns: HOSTILE_RUNS },
    );
  });

  it('q: random text, bytes and tsquery syntax answer 200 or 422, with or without a forged cursor', async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(hostileQuery, fc.option(hostileCursor, { nil: undefined }), async (q, cursor) => {
        statuses.add(await expectPageOrValidation(`/v1/catalogs/products?q=${q}${cursor === undefined ? '' : `&cursor=${cursor}`}`));
      }),
      { numRuns: HOSTILE_RUNS },
    );
    expect(statuses).toEqual(new Set([200, 422])); // both the search and the refusal were reached
  });

  it.each([
    ['{"index":1.5}', 'eyJpbmRleCI6MS41fQ'],
    ['{"index":3e9}', cursorOf('{"index":3e9}')],
    ['{"index":1e21}', cursorOf('{"index":1e21}')],
    ['{"index":-1}', cursorOf('{"index":-1}')],
    ['{"index":-0}', cursorOf('{"index":-0}')],
    ['{"index":1,"x":1}', cursorOf('{"index":1,"x":1}')],
  ])('the errors list refuses the tampered cursor %s with 422 validation', async (_json, cursor) => {
    const message = expectErrorShape(await get(`/v1/catalogs/imports/${jobId}/errors?cursor=${cursor}`), 422, 'validation');
    expect(message).toMatch(/cursor/);
  });

  it('every cursor of the right shape holding an in-range value reaches PostgreSQL and answers 200', async () => {
    const storableId = fc.string({ unit: 'binary', minLength: 1, maxLength: 100 }).filter(isStorableString);
    const ok = (path: string) => get(path).expect(200);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2_147_483_647 }), async (index) => {
        await ok(`/v1/catalogs/imports/${jobId}/errors?cursor=${cursorOf(JSON.stringify({ index }))}`);
      }),
      { numRuns: IN_RANGE_RUNS },
    );
    await fc.assert(
      fc.asyncProperty(fc.uuid(), async (id) => {
        await ok(`/v1/catalogs/imports?cursor=${cursorOf(JSON.stringify({ id }))}`);
      }),
      { numRuns: IN_RANGE_RUNS },
    );
    await fc.assert(
      fc.asyncProperty(storableId, async (id) => {
        await ok(`/v1/catalogs/products?cursor=${cursorOf(JSON.stringify({ id }))}`);
      }),
      { numRuns: IN_RANGE_RUNS },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2_147_483_647 }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        storableId,
        fc.integer({ min: 0, max: 2_147_483_647 }),
        async (tier, score, id, ladder) => {
          await ok(`/v1/catalogs/products?q=wool&cursor=${cursorOf(JSON.stringify({ tier, score, id, ladder }))}`);
        },
      ),
      { numRuns: IN_RANGE_RUNS },
    );
  });
});
