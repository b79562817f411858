import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { REPO_ROOT, serviceNodeFlags } from './repo';

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface StartOptions {
  name: string;
  /** Arguments of `node` (flags, script, its arguments). */
  args: string[];
  env: NodeJS.ProcessEnv;
  /** Everything the process prints goes here (appended). */
  logFile: string;
  /** The port it serves on, when it is an API. */
  port?: number;
  cwd?: string;
}

/** The exit of a service process a harness waited on, with the end of its output. */
export class ServiceExitedError extends Error {}

const TAIL_LINES = 200;

/**
 * One real `node …` process of the service (API, worker, or a test-only entry), with its output
 * kept in a log file and its last lines in memory for failure messages.
 */
export class ServiceProcess {
  readonly exited: Promise<ExitInfo>;
  private info: ExitInfo | null = null;
  private readonly lines: string[] = [];
  private readonly waiters: Array<{ pattern: RegExp; resolve: (line: string) => void }> = [];
  private readonly log: WriteStream;
  private partial = '';

  private constructor(
    readonly name: string,
    readonly child: ChildProcess,
    readonly logFile: string,
    readonly port?: number,
  ) {
    this.log = createWriteStream(logFile, { flags: 'a' });
    const onData = (data: Buffer) => this.onOutput(data.toString('utf8'));
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.info = { code, signal };
        this.log.end(`\n[harness] ${name} exited code=${code} signal=${signal}\n`);
        resolve(this.info);
      });
    });
  }

  /** Spawns `node …args`; resolves once the process exists (rejects if it could not be spawned). */
  static async start(options: StartOptions): Promise<ServiceProcess> {
    mkdirSync(dirname(options.logFile), { recursive: true });
    const child = spawn(process.execPath, options.args, {
      cwd: options.cwd ?? REPO_ROOT,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const service = new ServiceProcess(options.name, child, options.logFile, options.port);
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', () => resolve());
      child.once('error', reject);
    });
    return service;
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error(`${this.name} has no pid`);
    return this.child.pid;
  }

  get running(): boolean {
    return this.info === null;
  }

  /** How it exited, or null while it runs. */
  get exitInfo(): ExitInfo | null {
    return this.info;
  }

  /** Sends a signal to this process only (by its pid). */
  signal(signal: NodeJS.Signals): void {
    if (this.running) process.kill(this.pid, signal);
  }

  /** SIGKILL, then wait until the kernel has reaped the process. */
  async kill(): Promise<ExitInfo> {
    this.signal('SIGKILL');
    return this.exited;
  }

  /** SIGTERM (a graceful shutdown), then SIGKILL after `graceMs`. */
  async stop(graceMs = 15_000): Promise<void> {
    if (!this.running) return;
    this.signal('SIGTERM');
    const timer = setTimeout(() => this.signal('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
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

  /** Resolves with the first output line matching the pattern; rejects on timeout or if the process exits first. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<string> {
    const seen = this.lines.find((line) => pattern.test(line));
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = { pattern, resolve: (line: string) => finish(() => resolve(line)) };
      const timer = setTimeout(() => finish(() => reject(this.failure(`no output matching ${pattern} within ${timeoutMs} ms`))), timeoutMs);
      const onExit = () => finish(() => reject(this.failure(`exited (${JSON.stringify(this.info)}) before printing ${pattern}`)));
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

  /** The last lines this process printed. */
  tail(count = 30): string {
    return this.lines.slice(-count).join('\n');
  }

  /** Lines matching `pattern` among the last ones kept (e.g. warnings and errors to report). */
  grep(pattern: RegExp): string[] {
    return this.lines.filter((line) => pattern.test(line));
  }

  /** An error about this process, with the end of its output. */
  failure(message: string): Error {
    return new Error(`${this.name} (pid ${this.child.pid}) ${message}\n--- last output (${this.logFile}) ---\n${this.tail()}`);
  }

  /** The error of a process that exited while it was needed. */
  exitError(): ServiceExitedError {
    return new ServiceExitedError(
      `${this.name} (pid ${this.child.pid}) exited (code ${this.info?.code}, signal ${this.info?.signal}); last output (${this.logFile}):\n${this.tail()}`,
    );
  }

  private onOutput(text: string): void {
    this.log.write(text);
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      this.lines.push(line);
      if (this.lines.length > TAIL_LINES) this.lines.shift();
      for (const waiter of [...this.waiters]) if (waiter.pattern.test(line)) waiter.resolve(line);
    }
  }
}

/** `node <production flags> <script>` with its log at `<logDir>/<name>.log`. */
export function startNodeService(
  name: string,
  script: string,
  env: NodeJS.ProcessEnv,
  logDir: string,
  port?: number,
  extraNodeFlags: readonly string[] = [],
): Promise<ServiceProcess> {
  const args = [...serviceNodeFlags(basename(script) === 'worker.js' ? 'worker.js' : 'main.js'), ...extraNodeFlags, script];
  return ServiceProcess.start({ name, args, env, logFile: join(logDir, `${name}.log`), port });
}
