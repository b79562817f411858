import { basic, createCaller, type TestCaller } from '../support/factories';
import { waitForJob } from '../support/imports';
import { expectHealthy } from '../support/bad-input/checks';
import { filePart, multipartBody } from '../support/bad-input/multipart';
import { badInputCorpus, b64, VALID_FILE } from '../support/bad-input/corpus';
import type { TestApp } from '../support/test-app';

/** Bad-input corpus: Authorization header edge cases on the upload (shared set-up and rules in support/bad-input/corpus.ts). */
describe('Bad-input corpus', () => {
  const corpus = badInputCorpus();
  const { rawUpload, expectRefused } = corpus;
  let t: TestApp;
  let sentinel: TestCaller;
  beforeAll(() => {
    ({ t, sentinel } = corpus);
  });

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
});
