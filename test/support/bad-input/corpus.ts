import type request from 'supertest';
import { createCaller, type TestCaller } from '../factories';
import { createTestApp, type TestApp } from '../test-app';
import { databaseNow, expectErrorShape, expectHealthy, importRowsOf, jobsCreatedSince, openTransactions } from './checks';
import { contentType } from './multipart';
import { listen, rawRequest, requestHead, type RawResponse } from './raw-http';
import { eventually } from '../eventually';

/**
 * Bad-input corpus (the error table of docs/api-contract.md), in four spec files
 * (test/bad-input/*.e2e-spec.ts). Every case states the documented status and error.type, then
 * checks that the process still serves (liveness, readiness, an authenticated read) and that
 * nothing was half-created: no import_jobs / import_file_chunks rows unless the case is an
 * accepted upload.
 *
 * The HTTP request timeout this suite expects the service to honour (see "slow upload" in the
 * multipart cases). HTTP_REQUEST_TIMEOUT_MS is read by loadConfig(); the server must close a
 * request that has not completed within it.
 */
export const REQUEST_TIMEOUT_MS = 3_000;
process.env.HTTP_REQUEST_TIMEOUT_MS = String(REQUEST_TIMEOUT_MS);
/**
 * How long a silent upload may stay open: the timeout, plus Node's connectionsCheckingInterval
 * (30 s: server.requestTimeout is only enforced on that tick), plus a margin. An idle-socket
 * timeout (server.timeout) closes it after REQUEST_TIMEOUT_MS already.
 */
export const CLOSE_WITHIN_MS = REQUEST_TIMEOUT_MS + 30_000 + 5_000;

export const CHALLENGE = 'Basic realm="product-directory"';
export const b64 = (text: string | Buffer) => (Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8')).toString('base64');
export const b64url = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** What any request returned, whichever client sent it. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}
export const fromSupertest = (r: request.Response): Answer => ({ status: r.status, headers: r.headers as Answer['headers'], text: r.text });
export const fromRaw = (r: RawResponse): Answer => ({ status: r.status, headers: r.headers, text: r.body });

export interface Ctx {
  t: TestApp;
  port: number;
  /** A fresh organization (account + rw token) for this case only. */
  caller: TestCaller;
}

export const VALID_FILE = JSON.stringify([{ id: 'p-1', title: 'Product 1' }]);

/** The app, its port and the sentinel organization of one spec file, filled in by its beforeAll. */
export interface Corpus {
  t: TestApp;
  port: number;
  /** An organization no case touches: its authenticated read proves the process still serves. */
  sentinel: TestCaller;
  /** A raw upload: our own head (so any header bytes can be sent) with an exact Content-Length. */
  rawUpload(headers: Array<string | Buffer>, body: Buffer, type?: string): Promise<Answer>;
  /** Runs a refused case: documented status and type, nothing stored, process healthy. */
  expectRefused(
    send: (ctx: Ctx) => Promise<Answer>,
    status: number,
    type: string,
    extra?: (answer: Answer, message: string) => void,
  ): Promise<void>;
}

/** Starts the app for the calling spec file (beforeAll) and closes it after (afterAll). */
export function badInputCorpus(): Corpus {
  const corpus = {} as Corpus;
  let t: TestApp;
  let port: number;
  let sentinel: TestCaller;

  beforeAll(async () => {
    t = await createTestApp();
    port = await listen(t.app);
    sentinel = await createCaller(t.app, { scopes: ['accounts--my:ro'] });
    Object.assign(corpus, { t, port, sentinel });
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
    await eventually('open upload transactions = 0', async () => (await openTransactions(t.app)) === 0, { timeoutMs: 5_000 });
    await expectHealthy(t.http, sentinel);
  }

  return Object.assign(corpus, { rawUpload, expectRefused });
}
