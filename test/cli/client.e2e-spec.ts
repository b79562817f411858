import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { createCaller, type TestCaller } from '../support/factories';
import { listenOnFreePort, runClientOnTerminal, runClientProcess } from '../support/client-process';
import { ensureFreshBuild } from '../support/fresh-build';
import { freePort } from '../../tools/harness/ports';
import { createTestApp, type TestApp } from '../support/test-app';

const EXAMPLE = resolve(__dirname, '..', '..', 'examples', 'products.json');
const ESC = '\u001b';
// eslint-disable-next-line no-control-regex -- terminal escape sequences (cursor moves, line clears)
const ESCAPES = /\u001b\[[0-9;?]*[A-Za-z]/g;

/**
 * `node dist/client.js` (the `product-directory` bin) as a child process against the test app on a
 * real port, with its stdout piped (not a terminal): plain progress lines on stderr, no bars.
 */
describe('product-directory client (dist/client.js)', () => {
  let t: TestApp;
  let url: string;
  let dir: string;
  const envFor = (caller: TestCaller) => ({ PDS_URL: url, PDS_ACCOUNT: caller.accountId, PDS_TOKEN: caller.token });
  const file = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };

  beforeAll(async () => {
    ensureFreshBuild();
    dir = mkdtempSync(join(tmpdir(), 'pds-client-e2e-'));
    t = await createTestApp();
    url = await listenOnFreePort(t.app);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('import --wait uploads, follows the job and ends with the counters and the first errors (exit 0)', async () => {
    const caller = await createCaller(t.app);
    const run = await runClientProcess(['import', EXAMPLE, '--wait', '--interval', '100'], envFor(caller));
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Import [0-9a-f-]{36}: done in \d+\.\d s\n/);
    expect(run.stdout).toContain('  total    3\n  indexed  2\n  skipped  0\n  failed   1\n');
    expect(run.stdout).toContain('#2 SKU-BAD\n      title: must be a string of 1 to 150 characters');
    // Not a terminal: plain lines on stderr, never a bar's escape codes.
    expect(run.stderr).toMatch(/^upload: 1\.\d KiB\nupload: done, job [0-9a-f-]{36}\n/);
    expect(run.stdout + run.stderr).not.toContain(ESC);

    // The same file again: every valid product is skipped.
    const again = await runClientProcess(['import', EXAMPLE, '--wait', '--interval', '100', '--json'], envFor(caller));
    expect(again.code).toBe(0);
    expect(again.stderr).toBe('');
    const job = JSON.parse(again.stdout) as Record<string, unknown>;
    expect(job).toMatchObject({ status: 'done', total: 3, indexed_count: 0, skipped_count: 2, failed_count: 1, progress: 1, failure: null });
    expect(job.first_errors).toEqual([
      {
        index: 2,
        product_id: 'SKU-BAD',
        errors: [
          { field: 'title', message: 'must be a string of 1 to 150 characters' },
          { field: 'price.currency', message: 'must be an ISO 4217 currency code in upper case (e.g. USD)' },
        ],
      },
    ]);
  });

  it('draws an upload bar and a processing bar on a terminal', async () => {
    const caller = await createCaller(t.app);
    const run = await runClientOnTerminal(['import', EXAMPLE, '--wait', '--interval', '100'], envFor(caller));
    expect(run.code).toBe(0);
    const screen = run.stdout.replace(ESCAPES, '');
    expect(screen).toMatch(/Uploading +█+ 100% \| 1\.\d KiB \/ 1\.\d KiB \| /);
    expect(screen).toMatch(/Processing +█+ 100% \| 3\/3 \| skipped 0 \| failed 1 \| /);
    expect(screen).toContain('  indexed  2');
    expect(run.stdout).toContain(ESC); // the bars redraw their line with escape codes
  });

  it('exits 1 when the job fails, printing why the file could not be imported', async () => {
    const caller = await createCaller(t.app);
    const run = await runClientProcess(['import', file('object.json', '{"id":"x"}'), '--wait', '--interval', '100'], envFor(caller));
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^Import [0-9a-f-]{36}: failed/);
    expect(run.stdout).toContain('The file could not be imported (not_an_array): ');
    const json = await runClientProcess(['import', file('broken.json', '[{"id":'), '--wait', '--interval', '100', '--json'], envFor(caller));
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'failed', failure: { type: 'invalid_json' }, first_errors: [] });
  });

  it("exits 2 with the service's own message for bad credentials, a missing scope and a bad job id", async () => {
    const caller = await createCaller(t.app);
    const refused = await request(t.http).get('/v1/catalogs/imports').auth(caller.accountId, 'pdt_wrong').expect(401);
    const message = (refused.body as { error: { message: string } }).error.message;

    const badToken = await runClientProcess(['import', EXAMPLE, '--wait'], { ...envFor(caller), PDS_TOKEN: 'pdt_wrong' });
    expect(badToken).toMatchObject({ code: 2, stdout: '' });
    expect(badToken.stderr).toContain(`product-directory: ${message} (HTTP 401 authentication)\n`);

    const reader = await createCaller(t.app, { scopes: ['accounts--my:ro'] });
    const noScope = await runClientProcess(['import', EXAMPLE], envFor(reader));
    expect(noScope.code).toBe(2);
    expect(noScope.stderr).toMatch(/product-directory: .+ \(HTTP 403 authorization\)\n$/);

    const badId = await runClientProcess(['status', 'not-a-uuid'], envFor(caller));
    expect(badId.code).toBe(2);
    expect(badId.stderr).toBe('product-directory: job_id must be a UUID (HTTP 422 validation)\n');
  });

  it('runs as `npx product-directory` from the checkout (the bin, executable after the build)', async () => {
    const run = await new Promise<{ code: number | null; stdout: string }>((done, fail) => {
      const child = spawn('npx', ['--no', 'product-directory', 'import', '--help'], { cwd: resolve(__dirname, '..', '..'), stdio: ['ignore', 'pipe', 'inherit'] });
      let stdout = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
      child.once('error', fail);
      child.once('close', (code) => done({ code, stdout }));
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: product-directory import \[options\] <file>/);
  });

  it('exits 2 on usage errors and when the service cannot be reached', async () => {
    const caller = await createCaller(t.app);
    const noFile = await runClientProcess(['import'], envFor(caller));
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain("error: missing required argument 'file'");
    const noAccount = await runClientProcess(['search', 'wool'], { PDS_URL: url, PDS_TOKEN: caller.token });
    expect(noAccount.code).toBe(2);
    expect(noAccount.stderr).toBe('product-directory: no account: pass --account <id> or set PDS_ACCOUNT\n');
    const port = await freePort();
    const down = await runClientProcess(['status', caller.tokenId, '--url', `http://127.0.0.1:${port}`], envFor(caller));
    expect(down.code).toBe(2);
    expect(down.stderr).toBe(`product-directory: cannot reach http://127.0.0.1:${port}/v1/catalogs/imports/${caller.tokenId}: ECONNREFUSED\n`);
  });

  it('import without --wait, then status, errors and search, as text and as JSON', async () => {
    const caller = await createCaller(t.app);
    const env = envFor(caller);
    const key = `nightly-${caller.accountId}`;
    const uploaded = await runClientProcess(['--json', 'import', EXAMPLE, '--idempotency-key', key], env);
    expect(uploaded.code).toBe(0);
    const { job_id: jobId } = JSON.parse(uploaded.stdout) as { job_id: string };
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    // The same key and file: the first job, nothing new stored.
    const retried = await runClientProcess(['import', EXAMPLE, '--idempotency-key', key, '--json'], env);
    expect(JSON.parse(retried.stdout)).toEqual({ job_id: jobId });

    const waited = await runClientProcess(['status', jobId, '--wait', '--interval', '100'], env);
    expect(waited.code).toBe(0);
    const status = await runClientProcess(['status', jobId, '--json'], env);
    expect(JSON.parse(status.stdout)).toMatchObject({ job_id: jobId, status: 'done', total: 3, indexed_count: 2, failed_count: 1 });
    expect((await runClientProcess(['status', jobId], env)).stdout).toMatch(new RegExp(`^Import ${jobId}: done in`));

    const errors = await runClientProcess(['errors', jobId], env);
    expect(errors.code).toBe(0);
    expect(errors.stdout).toBe(
      'Failed products:\n  #2 SKU-BAD\n      title: must be a string of 1 to 150 characters\n' +
        '      price.currency: must be an ISO 4217 currency code in upper case (e.g. USD)\n',
    );
    const errorsJson = JSON.parse((await runClientProcess(['errors', jobId, '--json', '--all'], env)).stdout) as Record<string, unknown>;
    expect(errorsJson).toMatchObject({ job_id: jobId, failure: null, failed_count: 1, error_details_kept: 1, next_cursor: null });
    expect(errorsJson.data).toHaveLength(1);

    const search = await runClientProcess(['search', 'wool sweater'], env);
    expect(search.code).toBe(0);
    expect(search.stdout.split('\n')[1]).toMatch(/^SKU-10042\s+Merino Wool Crew Sweater\s+89 EUR\s+in_stock$/);
    const page = JSON.parse((await runClientProcess(['search', 'wool', '--json', '--limit', '1'], env)).stdout) as {
      data: Array<{ id: string }>;
      next_cursor: string | null;
    };
    expect(page.data).toHaveLength(1);
    expect(page.next_cursor).toEqual(expect.any(String));
    const rest = JSON.parse((await runClientProcess(['search', 'wool', '--json', '--cursor', page.next_cursor as string], env)).stdout) as {
      data: Array<{ id: string }>;
    };
    expect([...page.data, ...rest.data].map((p) => p.id).sort()).toEqual(['10043', 'SKU-10042']);
    expect((await runClientProcess(['search', 'zzzunknownzzz'], env)).stdout).toBe('No products found.\n');
  });
});
