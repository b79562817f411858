import { spawn } from 'node:child_process';
import type { INestApplication } from '@nestjs/common';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DIST_DIR } from './fresh-build';

export interface ClientRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node dist/client.js …` as a child process. Asynchronous on purpose: the test app answering
 * it lives in this process, so a synchronous spawn would leave nobody to answer.
 */
export function runClientProcess(args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<ClientRun> {
  return spawnClient(process.execPath, [join(DIST_DIR, 'client.js'), ...args], env, timeoutMs);
}

/**
 * The same on a pseudo-terminal (util-linux `script`), as a person at a terminal runs it: stdout and
 * stderr both arrive, interleaved, in `stdout`; the exit code is the client's.
 */
export function runClientOnTerminal(args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<ClientRun> {
  const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
  const command = `exec ${[process.execPath, join(DIST_DIR, 'client.js'), ...args].map(quote).join(' ')}`;
  return spawnClient('script', ['-qfec', command, '/dev/null'], { COLUMNS: '150', ...env }, timeoutMs);
}

function spawnClient(command: string, args: string[], env: Record<string, string>, timeoutMs: number): Promise<ClientRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      // Only what the client reads, so a developer's own PDS_* never leaks into a test.
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Makes a test app listen on a free port of 127.0.0.1 and answers its base URL. */
export async function listenOnFreePort(app: INestApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}
