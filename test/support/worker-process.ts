import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { DIST_DIR } from './fresh-build';

/** A standalone `node dist/worker.js` against this Jest worker's database and queue (from test-env). */
export interface WorkerProcess {
  child: ChildProcess;
  /** Everything it wrote to stderr, for failure messages. */
  stderr(): string;
  /** Resolves with the exit code or signal once it has exited. */
  exited: Promise<string>;
}

export function startWorkerProcess(env: Record<string, string>): WorkerProcess {
  let stderr = '';
  const child = spawn(process.execPath, [join(DIST_DIR, 'worker.js')], {
    // DATABASE_URL, REDIS_URL and QUEUE_PREFIX come from test/setup/test-env.ts via process.env.
    env: { ...process.env, LOG_LEVEL: 'error', METRICS_PORT: '0', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? String(code))));
  return { child, stderr: () => stderr, exited };
}

/** Stops it (SIGKILL unless told otherwise) and waits until it is gone. */
export async function stopWorkerProcess(worker: WorkerProcess | undefined, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (!worker || worker.child.exitCode !== null || worker.child.signalCode !== null) return;
  worker.child.kill(signal);
  await worker.exited;
}
