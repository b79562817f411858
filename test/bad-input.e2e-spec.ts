import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { basic, createCaller, type TestCaller } from './support/factories';
import { query } from './support/database';
import { upload, waitForJob, waitForSearch, type JobBody } from './support/imports';
import { createTestApp, type TestApp } from './support/test-app';
import {
  databaseNow,
  eventually,
  expectErrorShape,
  expectHealthy,
  importRowsOf,
  jobsCreatedSince,
  openTransactions,
} from './support/bad-input/checks';
import { BOUNDARY, contentType, filePart, multipartBody, partBytes, type Part } from './support/bad-input/multipart';
import { listen, RawConnection, rawRequest, requestHead, type RawResponse } from './support/bad-input/raw-http';

/**
 * Bad-input corpus (DESIGN §4, §6, §10; README error table). Every case states the documented
 * status and error.type, then checks that the process still serves (liveness, readiness, an
 * authenticated read) and that nothing was half-created: no import_jobs / import_file_chunks rows
 * unless the case is an accepted upload.
 *
 * The HTTP request timeout this suite expects the service to honour (see "slow upload" below).
 * HTTP_REQUEST_TIMEOUT_MS is read by loadConfig(); the server must close a request that has not
 * completed within it.
 */
const REQUEST_TIMEOUT_MS = 3_000;
process.env.HTTP_REQUEST_TIMEOUT_MS = String(REQUEST_TIMEOUT_MS);
/**
 * How long a silent upload may stay open: the timeout, plus Node's connectionsCheckingInterval
 * (30 s: server.requestTimeout is only enforced on that tick), plus a margin. An idle-socket
 * timeout (server.timeout) closes it after REQUEST_TIMEOUT_MS already.
 */
const CLOSE_WITHIN_MS = REQUEST_TIMEOUT_MS + 30_000 + 5_000;

const CHALLENGE = 'Basic realm="product-directory"';
const b64 = (text: string | Buffer) => (Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8')).toString('base64');
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** What any request returned, whichever client sent it. */
interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}
const fromSupertest = (r: request.Response): Answer => ({ status: r.status, headers: r.headers as Answer['headers'], text: r.text });
const fromRaw = (r: RawResponse): Answer => ({ status: r.status, headers: r.headers, text: r.body });

interface Ctx {
  t: TestApp;
  port: number;
  /** A fresh organization (account + rw token) for this case only. */
  caller: TestCaller;
}

const VALID_FILE = JSON.stringify([{ id: 'p-1', title: 'Product 1' }]);

describe('Bad-input corpus', () => {
  let t: TestApp;
  let port: number;
  /** An organization no case touches: its authenticated read proves the process still serves. */
  let sentinel: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    port = await listen(t.app);
    sentinel = await createCaller(t.app, { scopes: ['accounts--my:ro'] });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A raw upload: our own head (so any header bytes can be sent) with an exact Content-Length. */
  const rawUpload = (headers: Array<string | Buffer>, body: Buffer, type = contentType()) =>
    rawRequest(
      port,
      requestHead('POST', '/v1/catalogs/imports', [...headers, `Content-Type: ${type}`, `Content-Length: ${body.length}`]),
      body,
    ).then(fromRaw);

  /** Runs a refused case: documented status and type, nothing stored, process healthy. */
  async function expectRefused(
    send: (ctx: Ctx) => Promise<Answer>,
    status: number,
    type: string,
    extra?: (answer: Answer, message: string) => void,
  ): Promise<void> {
    const caller = await createCaller(t.app);
    const since = await databaseNow(t.app);
    const answer = await send({ t, port, caller });
    const message = expectErrorShape(answer, status, type);
    if (status === 401) expect(answer.headers['www-authenticate']).toBe(CHALLENGE);
    expect(answer.headers.location).toBeUndefined();
    extra?.(answer, message);
    expect(await importRowsOf(t.app, caller.organizationId)).toEqual({ jobs: 0, chunks: 0, errors: 0 });
    expect(await jobsCreatedSince(t.app, since)).toBe(0);
    expect(
      await eventually(
        () => openTransactions(t.app),
        (n) => n === 0,
      ),
    ).toBe(0);
    await expectHealthy(t.http, sentinel);
  }

  // ---------------------------------------------------------------------------------------------
  describe('Authorization header edge cases on the upload → 401 authentication, no job', () => {
    /** [label, header line(s) to send (raw bytes allowed) given the caller]. Sent raw so no client rewrites them. */
    const AUTH_CASES: Array<[string, (c: TestCaller) => Array<string | Buffer>]> = [
      ['an empty value', () => ['Authorization: ']],
      ['only the scheme word', () => ['Authorization: Basic']],
      ['the scheme word and only spaces', () => ['Authorization: Basic          ']],
      ['the scheme word twice', (c) => [`Authorization: Basic Basic ${b64(`${c.accountId}:${c.token}`)}`]],
      [
        'raw UTF-8 bytes (non-ASCII) as the credentials',
        () => [Buffer.concat([Buffer.from('Authorization: Basic '), Buffer.from('ÿéü€:ÿ', 'utf8')])],
      ],
      [
        'a latin-1 byte 0xFF inside otherwise valid Base64',
        (c) => {
          const valid = b64(`${c.accountId}:${c.token}`);
          return [
            Buffer.concat([Buffer.from(`Authorization: Basic ${valid.slice(0, 8)}`), Buffer.from([0xff]), Buffer.from(valid.slice(8))]),
          ];
        },
      ],
      ['Base64 of non-ASCII account and token', () => [`Authorization: Basic ${b64('ácçøunt-ü:tøkén-€')}`]],
      ['a 10 KB header value', (c) => [`Authorization: Basic ${b64(`${c.accountId}:${'x'.repeat(7_600)}`)}`]],
      ['Base64 without a colon', (c) => [`Authorization: Basic ${b64(`${c.accountId}${c.token}`)}`]],
      ['an empty password (account:)', (c) => [`Authorization: Basic ${b64(`${c.accountId}:`)}`]],
      ['an empty account (:token)', (c) => [`Authorization: Basic ${b64(`:${c.token}`)}`]],
      ['extra spaces between scheme and a wrong token', (c) => [`Authorization: Basic     ${b64(`${c.accountId}:pdt_wrong`)}`]],
      ['a tab between scheme and valid credentials', (c) => [`Authorization: Basic\t${b64(`${c.accountId}:${c.token}`)}`]],
      ['valid credentials followed by a space and garbage', (c) => [`Authorization: ${basic(c.accountId, c.token)} garbage`]],
      [
        'valid credentials with Base64 garbage appended',
        (c) => [`Authorization: ${basic(c.accountId, c.token).replace(/=+$/, '')}Z2FyYmFnZQ`],
      ],
      ['valid credentials with a trailing space inside the token', (c) => [`Authorization: ${basic(c.accountId, `${c.token} `)}`]],
      ['valid credentials with a NUL byte inside the token', (c) => [`Authorization: ${basic(c.accountId, `${c.token}\u0000`)}`]],
      ['valid credentials after a comma-separated second scheme', (c) => [`Authorization: Bearer x, ${basic(c.accountId, c.token)}`]],
    ];

    it.each(AUTH_CASES)('refuses %s', async (_label, header) => {
      await expectRefused(
        ({ caller }) => rawUpload(header(caller), multipartBody([filePart(VALID_FILE)])),
        401,
        'authentication',
        (_a, message) => {
          expect(message).toBe('Missing or invalid credentials');
        },
      );
    });

    // RFC 7235 §2.1: credentials = auth-scheme [ 1*SP ( token68 / ... ) ] — several spaces are legal,
    // so valid credentials written that way are accepted, not refused (see the report).
    it('accepts valid credentials with several spaces after the scheme word (RFC 7235 1*SP)', async () => {
      const caller = await createCaller(t.app);
      const answer = await rawUpload(
        [`Authorization: Basic     ${b64(`${caller.accountId}:${caller.token}`)}`],
        multipartBody([filePart(VALID_FILE)]),
      );
      expect(answer.status).toBe(202);
      const jobId = (JSON.parse(answer.text) as { job_id: string }).job_id;
      expect(await waitForJob(t.http, caller.auth, jobId)).toMatchObject({ status: 'done', indexed_count: 1 });
      await expectHealthy(t.http, sentinel);
    });
  });

  // ---------------------------------------------------------------------------------------------
  describe('multipart edge cases', () => {
    const fileBody = multipartBody([filePart(VALID_FILE)]);
    const head = (caller: TestCaller) => [`Authorization: ${caller.auth}`];

    /** [label, status, type, send, message pattern]. */
    const MULTIPART_CASES: Array<[string, number, string, (ctx: Ctx) => Promise<Answer>, RegExp?]> = [
      [
        'no boundary in Content-Type',
        400,
        'bad_request',
        ({ caller }) => rawUpload(head(caller), fileBody, 'multipart/form-data'),
        /boundary/i,
      ],
      [
        'an empty boundary parameter',
        400,
        'bad_request',
        ({ caller }) => rawUpload(head(caller), fileBody, 'multipart/form-data; boundary='),
        /boundary|content type/i,
      ],
      [
        'a boundary that never occurs in the body (wrong boundary)',
        400,
        'bad_request',
        ({ caller }) => rawUpload(head(caller), fileBody, 'multipart/form-data; boundary=not-the-boundary-used'),
      ],
      [
        'a body truncated inside the part headers',
        400,
        'bad_request',
        ({ caller }) => rawUpload(head(caller), Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filen`)),
      ],
      [
        'a body truncated right after the part headers',
        400,
        'bad_request',
        ({ caller }) => rawUpload(head(caller), partBytes(filePart('')).subarray(0, -2)),
      ],
      [
        'a body truncated mid-file (no closing delimiter)',
        400,
        'bad_request',
        ({ caller }) => rawUpload(head(caller), partBytes(filePart(VALID_FILE)).subarray(0, 80)),
      ],
      [
        'a closing delimiter without its final "--"',
        400,
        'bad_request',
        ({ caller }) => rawUpload(head(caller), Buffer.concat([partBytes(filePart(VALID_FILE)), Buffer.from(`--${BOUNDARY}\r\n`)])),
      ],
      [
        '1,000 tiny form fields (too many parts)',
        400,
        'bad_request',
        ({ caller }) =>
          rawUpload(head(caller), multipartBody(Array.from({ length: 1_000 }, (_, i): Part => ({ name: `f${i}`, data: 'x' })))),
        /Too many form (parts|fields)/,
      ],
      [
        'a valid file part followed by 1,000 tiny fields (too many parts; the stored file is rolled back)',
        400,
        'bad_request',
        ({ caller }) =>
          rawUpload(
            head(caller),
            multipartBody([filePart(VALID_FILE), ...Array.from({ length: 1_000 }, (_, i): Part => ({ name: `f${i}`, data: 'x' }))]),
          ),
        /Too many form (parts|fields)/,
      ],
      [
        'a valid file part followed by another file part under another name',
        422,
        'validation',
        ({ caller }) =>
          rawUpload(head(caller), multipartBody([filePart(VALID_FILE), { name: 'extra', filename: 'extra.json', data: '[]' }])),
      ],
      [
        'three file parts named "file"',
        422,
        'validation',
        ({ caller }) =>
          rawUpload(head(caller), multipartBody([filePart(VALID_FILE, 'a.json'), filePart('[]', 'b.json'), filePart('[]', 'c.json')])),
        /one file/,
      ],
      [
        'a "file" part with no filename parameter (a plain field)',
        422,
        'validation',
        ({ caller }) => rawUpload(head(caller), multipartBody([{ name: 'file', data: VALID_FILE, contentType: 'application/json' }])),
        /no file part/,
      ],
      [
        'a "file" part with an empty filename',
        422,
        'validation',
        ({ caller }) => rawUpload(head(caller), multipartBody([filePart(VALID_FILE, '')])),
      ],
      [
        'a filename with ../ in it',
        422,
        'validation',
        ({ caller }) => rawUpload(head(caller), multipartBody([filePart(VALID_FILE, '../catalog.json')])),
      ],
      [
        'a filename with a deeper ../ path',
        422,
        'validation',
        ({ caller }) => rawUpload(head(caller), multipartBody([filePart(VALID_FILE, '../../../etc/catalog.json')])),
      ],
      [
        'a filename with ..\\ in it',
        422,
        'validation',
        ({ caller }) => rawUpload(head(caller), multipartBody([filePart(VALID_FILE, '..\\catalog.json')])),
      ],
      [
        'a filename with no extension',
        422,
        'validation',
        ({ caller }) => rawUpload(head(caller), multipartBody([filePart(VALID_FILE, 'catalog')])),
      ],
      [
        'a filename ending in .json.exe',
        422,
        'validation',
        ({ caller }) => rawUpload(head(caller), multipartBody([filePart(VALID_FILE, 'catalog.json.exe')])),
      ],
      [
        'a filename holding a NUL character (RFC 5987 filename*)',
        422,
        'validation',
        ({ caller }) =>
          rawUpload(
            head(caller),
            multipartBody([{ name: 'file', rawDisposition: `form-data; name="file"; filename*=UTF-8''cat%00alog.json`, data: VALID_FILE }]),
          ),
      ],
    ];

    // Objects, not tuples: jest hands a `done` callback to a test whose row is shorter than its parameters.
    const multipartRows = MULTIPART_CASES.map(([label, status, type, send, message]) => ({ label, status, type, send, message }));
    it.each(multipartRows)('refuses $label with $status $type', async ({ status, type, send, message }) => {
      await expectRefused(send, status, type, (_a, text) => {
        if (message) expect(text).toMatch(message);
      });
    });

    it('accepts a 1 MiB text field next to the file (other fields are ignored; busboy keeps at most 64 KiB of it) with 202', async () => {
      const caller = await createCaller(t.app);
      const body = multipartBody([{ name: 'note', data: 'n'.repeat(1_048_576) }, filePart(VALID_FILE)]);
      const answer = await rawUpload(head(caller), body);
      expect(answer.status).toBe(202);
      const jobId = (JSON.parse(answer.text) as { job_id: string }).job_id;
      expect(await waitForJob(t.http, caller.auth, jobId)).toMatchObject({ status: 'done', total: 1, indexed_count: 1 });
      expect(await importRowsOf(t.app, caller.organizationId)).toEqual({ jobs: 1, chunks: 0, errors: 0 });
      await expectHealthy(t.http, sentinel);
    });

    it('rolls back and releases the connection when the client aborts mid-upload', async () => {
      const caller = await createCaller(t.app);
      const file = Buffer.from(JSON.stringify([{ id: 'big', title: 'Big', description: 'd'.repeat(100) }]).padEnd(6 * 1_048_576, ' '));
      const body = multipartBody([filePart(file)]);
      const connection = await RawConnection.open(port);
      try {
        await connection.write(
          requestHead('POST', '/v1/catalogs/imports', [
            `Authorization: ${caller.auth}`,
            `Content-Type: ${contentType()}`,
            `Content-Length: ${body.length}`,
          ]),
        );
        await connection.write(body.subarray(0, body.length / 2));
        // The upload is under way: its transaction is open and has stored chunks.
        expect(
          await eventually(
            () => openTransactions(t.app),
            (n) => n >= 1,
          ),
        ).toBeGreaterThanOrEqual(1);
      } finally {
        connection.destroy();
      }
      expect(
        await eventually(
          () => openTransactions(t.app),
          (n) => n === 0,
        ),
      ).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await importRowsOf(t.app, caller.organizationId)).toEqual({ jobs: 0, chunks: 0, errors: 0 });
      await expectHealthy(t.http, sentinel);
    });

    it('leaves nothing when twelve clients (more than the pool) abort mid-upload one after another', async () => {
      // Twelve clients, each its own account: one account's aborted uploads may still hold its two
      // upload slots for a moment after the disconnect, and its third would be refused (429) instead.
      const callers = await Promise.all(Array.from({ length: 12 }, () => createCaller(t.app)));
      const body = multipartBody([filePart(Buffer.alloc(2 * 1_048_576, 0x20))]);
      for (const [i, caller] of callers.entries()) {
        const connection = await RawConnection.open(port);
        await connection.write(
          requestHead('POST', '/v1/catalogs/imports', [
            `Authorization: ${caller.auth}`,
            `Content-Type: ${contentType()}`,
            `Content-Length: ${body.length}`,
          ]),
        );
        await connection.write(body.subarray(0, 1_500_000));
        const open = await eventually(
          () => openTransactions(t.app),
          (n) => n >= 1,
          15_000,
        );
        connection.destroy();
        expect({ attempt: i, uploadInProgress: open >= 1 }).toEqual({ attempt: i, uploadInProgress: true });
      }
      expect(
        await eventually(
          () => openTransactions(t.app),
          (n) => n === 0,
        ),
      ).toBe(0);
      for (const caller of callers) {
        expect(await importRowsOf(t.app, caller.organizationId)).toEqual({ jobs: 0, chunks: 0, errors: 0 });
      }
      await expectHealthy(t.http, sentinel);
    });

    it(
      `closes an upload that goes silent for longer than HTTP_REQUEST_TIMEOUT_MS (${REQUEST_TIMEOUT_MS} ms), leaving nothing`,
      async () => {
        const caller = await createCaller(t.app);
        const body = multipartBody([filePart(VALID_FILE)]);
        const connection = await RawConnection.open(port);
        try {
          await connection.write(
            requestHead('POST', '/v1/catalogs/imports', [
              `Authorization: ${caller.auth}`,
              `Content-Type: ${contentType()}`,
              `Content-Length: ${body.length}`,
            ]),
          );
          await connection.write(body.subarray(0, 60)); // then nothing more
          const closedInTime = await connection.closesWithin(CLOSE_WITHIN_MS);
          expect({ closedByServer: closedInTime }).toEqual({ closedByServer: true });
          const answer = connection.response();
          // Either the socket is simply closed, or a 408 is sent first; never a 2xx.
          if (answer) expect(answer.status).toBe(408);
        } finally {
          connection.destroy();
        }
        expect(
          await eventually(
            () => openTransactions(t.app),
            (n) => n === 0,
          ),
        ).toBe(0);
        expect(await importRowsOf(t.app, caller.organizationId)).toEqual({ jobs: 0, chunks: 0, errors: 0 });
        await expectHealthy(t.http, sentinel);
      },
      CLOSE_WITHIN_MS + 20_000,
    );
  });

  // ---------------------------------------------------------------------------------------------
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
            const product = await request(t.http).get('/v1/catalogs/products/dupkey').set('Authorization', caller.auth).expect(200);
            expect(product.body).toMatchObject({ id: 'dupkey', title: 'Last title', brand: 'B' });
          },
        ],
        [
          'a duplicated id key in one object (the last id is the product)',
          () => Buffer.from('[{"id":"first-id","title":"t","id":"second-id"}]'),
          { status: 'done', total: 1, indexed_count: 1, failed_count: 0 },
          async (_e, caller) => {
            await request(t.http).get('/v1/catalogs/products/second-id').set('Authorization', caller.auth).expect(200);
            await request(t.http).get('/v1/catalogs/products/first-id').set('Authorization', caller.auth).expect(404);
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
      const errors = await request(t.http)
        .get(`/v1/catalogs/imports/${jobId}/errors?limit=100`)
        .set('Authorization', caller.auth)
        .expect(200);
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

  // ---------------------------------------------------------------------------------------------
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

    const get = (path: string) => request(t.http).get(path).set('Authorization', reader.auth);
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
      ['wool) | (cotton', []], // 'wool' & 'cotton'
      ['!!! & | :* <-> ()', []], // no lexemes at all
      ['\\', []],
      ['wool"; SELECT * FROM products; --', []],
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
