import { createCaller, type TestCaller } from '../support/factories';
import { waitForJob } from '../support/imports';
import { expectHealthy, importRowsOf, openTransactions } from '../support/bad-input/checks';
import { BOUNDARY, contentType, filePart, multipartBody, partBytes, type Part } from '../support/bad-input/multipart';
import { RawConnection, requestHead } from '../support/bad-input/raw-http';
import { badInputCorpus, VALID_FILE, REQUEST_TIMEOUT_MS, CLOSE_WITHIN_MS, type Answer, type Ctx } from '../support/bad-input/corpus';
import type { TestApp } from '../support/test-app';
import { eventually } from '../support/eventually';

/** Bad-input corpus: multipart edge cases (shared set-up and rules in support/bad-input/corpus.ts). */
describe('Bad-input corpus', () => {
  const corpus = badInputCorpus();
  const { rawUpload, expectRefused } = corpus;
  let t: TestApp;
  let port: number;
  let sentinel: TestCaller;
  beforeAll(() => {
    ({ t, port, sentinel } = corpus);
  });

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
        await eventually('open upload transactions ≥ 1', async () => (await openTransactions(t.app)) >= 1, { timeoutMs: 5_000 });
      } finally {
        connection.destroy();
      }
      await eventually('open upload transactions = 0', async () => (await openTransactions(t.app)) === 0, { timeoutMs: 5_000 });
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
        try {
          await eventually(`upload ${i} to hold its transaction open`, async () => (await openTransactions(t.app)) >= 1, {
            timeoutMs: 15_000,
          });
        } finally {
          connection.destroy();
        }
      }
      await eventually('open upload transactions = 0', async () => (await openTransactions(t.app)) === 0, { timeoutMs: 5_000 });
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
        await eventually('open upload transactions = 0', async () => (await openTransactions(t.app)) === 0, { timeoutMs: 5_000 });
        expect(await importRowsOf(t.app, caller.organizationId)).toEqual({ jobs: 0, chunks: 0, errors: 0 });
        await expectHealthy(t.http, sentinel);
      },
      CLOSE_WITHIN_MS + 20_000,
    );
  });
});
