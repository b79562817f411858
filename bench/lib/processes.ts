import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { ENV_KEYS } from '../../src/common/config/load-config';
import * as path from 'node:path';
import { serviceNodeFlags } from '../../test/faults/support/env';

/** Node flags the service runs with in production (package.json's start script): measured as deployed. */
export const SERVICE_NODE_FLAGS = serviceNodeFlags();

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Variables the service reads; stripped from the inherited environment so only ours apply. */
const SERVICE_ENV_KEYS: readonly string[] = ENV_KEYS;

export function serviceEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of SERVICE_ENV_KEYS) delete env[key];
  return { ...env, ...overrides };
}

export function requireBuild(): void {
  for (const file of ['dist/main.js', 'dist/worker.js', 'dist/cli.js']) {
    if (!existsSync(path.join(REPO_ROOT, file))) throw new Error(`${file} missing: run "npm run build" first (npm run bench does it)`);
  }
}

export class ServiceExitedError extends Error {}

/** One service process (API or worker) with its output in a log file and the last lines in memory. */
export class ServiceProcess {
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly lines: string[] = [];
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  private readonly lineListeners: ((line: string) => void)[] = [];

  private constructor(
    readonly name: string,
    readonly child: ChildProcess,
    readonly logPath: string,
  ) {
    const log = createWriteStream(logPath, { flags: 'a' });
    let partial = '';
    const onData = (data: Buffer) => {
      log.write(data);
      const text = partial + data.toString('utf8');
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        this.lines.push(line);
        if (this.lines.length > 200) this.lines.shift();
        for (const listener of this.lineListeners) listener(line);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    this.exited = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        log.end();
        resolve({ code, signal });
      });
    });
  }

  static async start(name: string, script: string, env: NodeJS.ProcessEnv, logDir: string): Promise<ServiceProcess> {
    await mkdir(logDir, { recursive: true });
    const logPath = path.join(logDir, `${name}.log`);
    const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, script], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', () => resolve());
      child.once('error', reject);
    });
    return new ServiceProcess(name, child, logPath);
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error(`${this.name}: no pid`);
    return this.child.pid;
  }

  get running(): boolean {
    return this.exitInfo === null;
  }

  tail(count = 30): string {
    return this.lines.slice(-count).join('\n');
  }

  /** Lines matching `pattern` seen so far (e.g. warnings and errors to report). */
  grep(pattern: RegExp): string[] {
    return this.lines.filter((line) => pattern.test(line));
  }

  /** Resolves when a log line matches; rejects if the process exits first or on timeout. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<string> {
    const seen = this.lines.find((line) => pattern.test(line));
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name}: no log line matching ${pattern} within ${timeoutMs} ms`)), timeoutMs);
      this.lineListeners.push((line) => {
        if (pattern.test(line)) {
          clearTimeout(timer);
          resolve(line);
        }
      });
      void this.exited.then((info) => {
        clearTimeout(timer);
        reject(this.exitError(info));
      });
    });
  }

  exitError(info = this.exitInfo): ServiceExitedError {
    return new ServiceExitedError(
      `${this.name} (pid ${this.child.pid}) exited (code ${info?.code}, signal ${info?.signal}); last output (${this.logPath}):\n${this.tail()}`,
    );
  }

  /** SIGTERM, then SIGKILL after `graceMs`. */
  async stop(graceMs = 15_000): Promise<void> {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => {
      if (this.running) this.child.kill('SIGKILL');
    }, graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Polls GET url until 200; fails fast if the process exits. */
export async function waitForHttpOk(url: string, service: ServiceProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (!service.running) throw service.exitError();
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      const body = await response.text();
      if (response.status === 200) return;
      last = `${response.status} ${body.slice(0, 300)}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(200);
  }
  throw new Error(`${url} not ready within ${timeoutMs} ms (last: ${last}); ${service.name} output:\n${service.tail()}`);
}

const activeCli = new Set<ChildProcess>();

/** Kills admin CLI processes still running (on interrupt) and waits for them to exit. */
export async function killActiveCli(): Promise<void> {
  await Promise.all(
    [...activeCli].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

/** Runs `node dist/cli.js ...args` and parses the one JSON object it prints. */
export async function runCli<T>(args: string[], env: NodeJS.ProcessEnv): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['dist/cli.js', ...args],
      { cwd: REPO_ROOT, env, timeout: 60_000 },
      (error, stdout, stderr) => {
        activeCli.delete(child);
        if (error) {
          reject(new Error(`cli ${args.slice(0, 2).join(' ')} failed (${error.message.split('\n')[0]}):\n${stderr || stdout}`));
          return;
        }
        const line = stdout.trim().split('\n').pop() ?? '';
        try {
          resolve(JSON.parse(line) as T);
        } catch {
          reject(new Error(`cli ${args.slice(0, 2).join(' ')} printed no JSON object: ${JSON.stringify(stdout.slice(0, 500))} ${stderr}`));
        }
      },
    );
    activeCli.add(child);
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
