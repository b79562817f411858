import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { DIST_DIR, ensureFreshBuild } from '../support/fresh-build';

const PASSWORD = 'hunter2-boot-secret';
const GIVE_UP_MS = 30_000;

/** Starts a built entry point with `env` over test-env's, and answers its exit code and everything it printed. */
function run(entry: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(DIST_DIR, entry)], {
      env: { ...process.env, METRICS_PORT: '0', PORT: '0', LOG_FORMAT: 'json', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), GIVE_UP_MS);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('A URL variable its driver cannot parse (built processes)', () => {
  beforeAll(() => ensureFreshBuild(), 300_000);

  it.each([
    ['main.js', 'DATABASE_URL', `postgres://catalog:${PASSWORD}@127.0.0.1:99999/catalog`],
    ['worker.js', 'DATABASE_URL', `postgres://catalog:${PASSWORD}@127.0.0.1:99999/catalog`],
    ['main.js', 'REDIS_URL', `redis://:${PASSWORD}@127.0.0.1:70000`],
  ])('stops %s at once with a message naming %s, the password nowhere in its output', async (entry, variable, value) => {
    const { code, output } = await run(entry, { [variable]: value });
    expect(code).toBe(1);
    expect(output).toContain(`${variable} is not a URL`);
    expect(output).not.toContain(PASSWORD);
  }, 60_000);
});
