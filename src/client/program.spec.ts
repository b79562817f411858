import { Writable } from 'node:stream';
import { runClient } from './program';

/** Runs the client in-process with captured output; no request is sent by any of these cases. */
async function run(argv: string[], env: NodeJS.ProcessEnv = {}, onInterrupt?: (handler: () => void) => () => void) {
  let stdout = '';
  let stderr = '';
  const sink = (append: (text: string) => void) =>
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        append(chunk.toString());
        callback();
      },
    });
  const code = await runClient(argv, {
    stdout: sink((t) => (stdout += t)),
    stderr: sink((t) => (stderr += t)),
    env,
    onInterrupt,
  });
  return { code, stdout, stderr };
}

describe('product-directory arguments', () => {
  it('prints help for the program and every command with exit code 0', async () => {
    const top = await run(['--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/Usage: product-directory/);
    for (const command of ['import', 'status', 'errors', 'search']) {
      expect(top.stdout).toContain(command);
      const help = await run([command, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`Usage: product-directory ${command}`));
    }
    expect((await run(['import', '--help'])).stdout).toContain('--idempotency-key <key>');
  });

  it.each([
    [[], /Usage: product-directory/],
    [['import'], /missing required argument 'file'/],
    [['frobnicate'], /unknown command 'frobnicate'/],
    [['import', 'x.json', '--bogus'], /unknown option '--bogus'/],
    [['search', 'wool', '--limit', '500'], /--limit <n>' argument '500' is invalid. must be an integer from 1 to 100/],
    [['import', 'x.json', '--idempotency-key', 'k'.repeat(256)], /must be 1 to 255 characters/],
  ])('answers %j with a usage message on stderr and exit code 2', async (argv, message) => {
    const result = await run(argv, { PDS_ACCOUNT: 'a', PDS_TOKEN: 't' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });

  it('needs credentials before it sends anything (exit 2), wherever the global flags stand', async () => {
    const missing = await run(['status', '3f0c5a1e-0000-4000-8000-000000000001']);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toBe('product-directory: no account: pass --account <id> or set PDS_ACCOUNT\n');
    const badUrl = await run(['search', 'wool', '--json', '--account', 'a', '--token', 't', '--url', 'ftp://x']);
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toMatch(/--url \/ PDS_URL must be an http\(s\) URL/);
  });

  it('refuses a file it cannot read before connecting (exit 2)', async () => {
    const result = await run(['import', '/nonexistent/catalog.json', '--url', 'http://127.0.0.1:9'], { PDS_ACCOUNT: 'a', PDS_TOKEN: 't' });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('product-directory: cannot read /nonexistent/catalog.json: ENOENT\n');
  });

  it('holds a Ctrl-C handler only while a command runs', async () => {
    const events: string[] = [];
    const onInterrupt = (handler: () => void) => {
      events.push('registered');
      handler(); // nothing is running yet: no bars to stop, no job to mention
      return () => events.push('released');
    };
    const result = await run(['search', 'wool'], {}, onInterrupt);
    expect(result.code).toBe(2);
    expect(events).toEqual(['registered', 'released']);
    expect(result.stderr).toBe('product-directory: no account: pass --account <id> or set PDS_ACCOUNT\n');
  });
});
