import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from '../setup/test-database';

const ROOT = resolve(__dirname, '..', '..');
const BOOT_TIMEOUT_MS = 30_000;

interface BootResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/**
 * Starts the real HTTP entry point (src/main.ts) with extra environment variables and waits for it
 * to exit. A process still running after the timeout (it booted despite the bad value) is killed.
 */
function boot(env: Record<string, string>): Promise<BootResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL, REDIS_URL: TEST_REDIS_URL, WORKER_ENABLED: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, BOOT_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, stdout, stderr, timedOut });
    });
  });
}

jest.setTimeout(2 * BOOT_TIMEOUT_MS);

describe('Configuration validated at boot', () => {
  it('refuses to start with PORT=abc: non-zero exit and a message naming PORT, not its value', async () => {
    const result = await boot({ PORT: 'abc' });
    expect(result.timedOut).toBe(false);
    expect(result.signal).toBeNull();
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull();
    expect(result.stderr).toMatch(/(^|[^A-Z_])PORT:/m);
    expect(result.stderr).not.toContain('abc');
    // Stopped before starting anything: no listening banner.
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/Listening on/);
  });

  it('names a mistyped DATABASE_URL without printing it (its password)', async () => {
    const result = await boot({ DATABASE_URL: 'mysql://catalog:hunter2-db-secret@db.internal:3306/catalog' });
    expect(result.timedOut).toBe(false);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/(^|[^A-Z_])DATABASE_URL:/m);
    expect(`${result.stdout}${result.stderr}`).not.toContain('hunter2');
  });
});
