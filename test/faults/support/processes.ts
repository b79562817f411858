import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { childEnv, DIST_SNAPSHOT, LOG_DIR, PID_FILE, REPO_ROOT, serviceNodeFlags, sleep, type ServiceEnv } from './env';

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

const TAIL_LINES = 60;
const live = new Set<ServiceProcess>();
let sequence = 0;

/** One real `node dist/…` process of the service, with its output kept in a log file and a short tail. */
export class ServiceProcess {
  readonly exited: Promise<ExitInfo>;
  exitInfo: ExitInfo | null = null;
  private readonly tail: string[] = [];
  private readonly waiters: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  private readonly log: WriteStream;
  private partial = '';

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
    readonly logFile: string,
    readonly port?: number,
  ) {
    this.log = createWriteStream(logFile);
    const onData = (data: Buffer) => this.onOutput(data.toString('utf8'));
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        live.delete(this);
        this.log.end(`\n[faults] ${name} exited code=${code} signal=${signal}\n`);
        resolve(this.exitInfo);
      });
    });
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error(`${this.name} has no pid`);
    return this.child.pid;
  }

  get running(): boolean {
    return this.exitInfo === null;
  }

  /** Sends a signal to this process only (by its pid). */
  signal(signal: NodeJS.Signals): void {
    if (this.running) process.kill(this.pid, signal);
  }

  /** The exit, or null when the process is still running after timeoutMs. */
  async waitForExit(timeoutMs: number): Promise<ExitInfo | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
    try {
      return await Promise.race([this.exited, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** SIGKILL, then wait until the kernel has reaped the process. */
  async kill(): Promise<ExitInfo> {
    this.signal('SIGKILL');
    return this.exited;
  }

  /** Resolves with the first output line matching the pattern; rejects if the process exits first. */
  waitForOutput(pattern: RegExp, timeoutMs: number): Promise<string> {
    const seen = this.tail.find((line) => pattern.test(line));
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = { pattern, resolve: (line: string) => finish(() => resolve(line)) };
      const timer = setTimeout(() => finish(() => reject(this.failure(`no output matching ${pattern} within ${timeoutMs} ms`))), timeoutMs);
      const onExit = () => finish(() => reject(this.failure(`exited (${JSON.stringify(this.exitInfo)}) before printing ${pattern}`)));
      void this.exited.then(onExit);
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        const at = this.waiters.indexOf(waiter);
        if (at >= 0) this.waiters.splice(at, 1);
        settle();
      };
      this.waiters.push(waiter);
    });
  }

  /** The last lines this process printed, for failure messages. */
  logTail(lines = 25): string {
    return this.tail.slice(-lines).join('\n');
  }

  failure(message: string): Error {
    return new Error(`${this.name} (pid ${this.child.pid}) ${message}\n--- last output (${this.logFile}) ---\n${this.logTail()}`);
  }

  private onOutput(text: string): void {
    this.log.write(text);
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      this.tail.push(line);
      if (this.tail.length > TAIL_LINES) this.tail.shift();
      for (const waiter of [...this.waiters]) if (waiter.pattern.test(line)) waiter.resolve(line);
    }
  }
}

/** A port nobody listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function spawnService(name: string, entry: 'main.js' | 'worker.js', env: ServiceEnv, port?: number): ServiceProcess {
  return spawnNode(name, [...serviceNodeFlags(), join(DIST_SNAPSHOT, entry)], env, port);
}

function spawnNode(name: string, args: string[], env: ServiceEnv, port?: number): ServiceProcess {
  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = join(LOG_DIR, `${String(++sequence).padStart(3, '0')}-${name}.log`);
  // PGAPPNAME names this process's PostgreSQL sessions, so pg_stat_activity tells the workers apart.
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: childEnv({ PGAPPNAME: name, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const service = new ServiceProcess(name, child, logFile, port);
  live.add(service);
  if (child.pid !== undefined) appendFileSync(PID_FILE, `${child.pid}\n`);
  return service;
}

export interface StartOptions {
  /** Also names the process's PostgreSQL sessions (application_name). */
  name: string;
  env?: ServiceEnv;
  readyTimeoutMs?: number;
}

export type ApiProcess = ServiceProcess & { readonly port: number };

/**
 * `node dist/main.js` with WORKER_ENABLED=false on a free port; resolves once GET /health/live
 * answers 200. With `testEntry`, a test-only API of test/faults/workers/ instead (the built app
 * module with a provider overridden).
 */
export async function startApi(options: StartOptions & { testEntry?: string }): Promise<ApiProcess> {
  const port = await freePort();
  const env = { WORKER_ENABLED: 'false', PORT: String(port), ...options.env };
  const api = options.testEntry
    ? spawnTestEntry(options.name, options.testEntry, env, port)
    : spawnService(options.name, 'main.js', env, port);
  const deadline = Date.now() + (options.readyTimeoutMs ?? (options.testEntry ? 60_000 : 30_000));
  for (;;) {
    if (!api.running) throw api.failure(`exited (${JSON.stringify(api.exitInfo)}) before it was ready`);
    if ((await liveStatus(port)) === 200) return api as ApiProcess;
    if (Date.now() > deadline) {
      await api.kill();
      throw api.failure('did not answer GET /health/live in time');
    }
    await sleep(100);
  }
}

/** `node dist/worker.js`; resolves once it logged that the worker started (its first reconcile pass ran). */
export async function startWorker(options: StartOptions): Promise<ServiceProcess> {
  const worker = spawnService(options.name, 'worker.js', options.env ?? {});
  try {
    await worker.waitForOutput(/Import worker started/, options.readyTimeoutMs ?? 30_000);
  } catch (error) {
    await worker.kill();
    throw error;
  }
  return worker;
}

/**
 * A test-only worker (test/faults/workers/<script>.ts, run through ts-node) that boots the built
 * worker module from the snapshot with a provider overridden; resolves once it logged that it started.
 */
export async function startTestWorker(script: string, options: StartOptions): Promise<ServiceProcess> {
  const worker = spawnTestEntry(options.name, script, options.env ?? {});
  try {
    await worker.waitForOutput(/Import worker started/, options.readyTimeoutMs ?? 60_000);
  } catch (error) {
    await worker.kill();
    throw error;
  }
  return worker;
}

/** test/faults/workers/<script>.ts through ts-node, given the dist snapshot to boot. */
function spawnTestEntry(name: string, script: string, env: ServiceEnv, port?: number): ServiceProcess {
  const entry = join(REPO_ROOT, 'test', 'faults', 'workers', `${script}.ts`);
  return spawnNode(name, [...serviceNodeFlags(), '-r', 'ts-node/register/transpile-only', entry, DIST_SNAPSHOT], env, port);
}

function liveStatus(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/health/live', timeout: 1_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? null);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}

/** SIGKILLs every process this test file started that is still running (afterEach/afterAll, also on failure). */
export async function killAll(): Promise<void> {
  await Promise.all([...live].map((service) => service.kill()));
}

export function liveProcesses(): ServiceProcess[] {
  return [...live];
}
