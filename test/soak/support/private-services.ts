import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sleep } from '../../../tools/harness/repo';

/**
 * The soak's own PostgreSQL cluster and Redis server on private ports: the soak restarts them as
 * faults, so it must never touch the machine's shared ones (5432, 6379) that other suites use.
 */

/** The newest PostgreSQL installed (Debian layout: /usr/lib/postgresql/<major>/bin), with its contrib extensions. */
function postgresBin(): string {
  const majors = readdirSync('/usr/lib/postgresql').filter((v) => /^\d+$/.test(v));
  if (majors.length === 0) throw new Error('no PostgreSQL server under /usr/lib/postgresql');
  return join('/usr/lib/postgresql', String(Math.max(...majors.map(Number))), 'bin');
}

function run(command: string, args: string[], timeoutMs = 120_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: timeoutMs }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${stderr}${stdout}`));
      else resolve(stdout);
    });
  });
}

/** `runuser -u postgres -- <PG_BIN>/<tool> …`: the server refuses to run as root. */
export function asPostgres(tool: string, args: string[], timeoutMs?: number): Promise<string> {
  return run('runuser', ['-u', 'postgres', '--', join(postgresBin(), tool), ...args], timeoutMs);
}

export class PrivatePostgres {
  private constructor(
    readonly dir: string,
    readonly port: number,
    /** Server settings beside the common ones (a standby's). */
    private readonly extraOptions: string[] = [],
  ) {}

  /** initdb (trust auth) into `<root>/pg`, owned by the postgres OS user, then start it. */
  static async create(root: string, port: number): Promise<PrivatePostgres> {
    const dir = join(root, 'pg');
    mkdirSync(dir, { recursive: true });
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    await asPostgres('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--locale=C.UTF-8']);
    const cluster = new PrivatePostgres(dir, port);
    await cluster.start();
    return cluster;
  }

  /**
   * A streaming replica (hot standby) of `primary`: `pg_basebackup -R` into `<root>/<name>` (the
   * primary's trust rules allow replication from 127.0.0.1), started on `port`.
   */
  static async replicaOf(primary: PrivatePostgres, root: string, port: number, name = 'replica'): Promise<PrivatePostgres> {
    const dir = join(root, name);
    mkdirSync(dir, { recursive: true });
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    const source = ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'];
    await asPostgres('pg_basebackup', ['-D', join(dir, 'data'), '-R', '-X', 'stream', '-c', 'fast', '--no-sync', ...source]);
    // Feedback: the primary's vacuum keeps rows a standby query still reads (no recovery-conflict cancels).
    const cluster = new PrivatePostgres(dir, port, ['-c hot_standby=on', '-c hot_standby_feedback=on']);
    await cluster.start();
    return cluster;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}`;
  }

  /** Starts the cluster and waits until it accepts connections. */
  async start(): Promise<void> {
    const options = [
      `-p ${this.port}`,
      `-k ${this.dir}`,
      "-c listen_addresses='127.0.0.1'",
      '-c max_connections=200',
      // Durability is not what the soak measures, and the machine's disk is shared.
      '-c fsync=off',
      '-c full_page_writes=off',
      '-c shared_buffers=64MB',
      ...this.extraOptions,
    ].join(' ');
    await asPostgres('pg_ctl', [
      '-D',
      join(this.dir, 'data'),
      '-l',
      join(this.dir, 'server.log'),
      '-w',
      '-t',
      '120',
      '-o',
      options,
      'start',
    ]);
  }

  /** `fast` = a clean shutdown (clients disconnected); `immediate` = a crash (recovery at the next start). */
  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await asPostgres('pg_ctl', ['-D', join(this.dir, 'data'), '-m', mode, '-w', '-t', '120', 'stop']);
  }

  async running(): Promise<boolean> {
    try {
      await asPostgres('pg_ctl', ['-D', join(this.dir, 'data'), 'status'], 10_000);
      return true;
    } catch {
      return false;
    }
  }

  /** The postmaster's pid (first line of postmaster.pid), or null when it is not running. */
  postmasterPid(): number | null {
    try {
      return Number(readFileSync(join(this.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return null;
    }
  }
}

export class PrivateRedis {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    readonly port: number,
    private readonly logFile: string,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}/0`;
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  async start(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--logfile', this.logFile];
    const child = spawn('redis-server', args, { stdio: 'ignore' });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const deadline = Date.now() + 15_000;
    while (!(await this.answers())) {
      if (child.exitCode !== null) throw new Error(`redis-server on ${this.port} exited with ${child.exitCode} (log ${this.logFile})`);
      if (Date.now() > deadline) throw new Error(`redis-server on ${this.port} did not answer PING within 15 s`);
      await sleep(50);
    }
  }

  /** SHUTDOWN NOSAVE (what a crash loses: everything), then wait for the process to exit. */
  async stop(): Promise<void> {
    if (!this.child || this.child.exitCode !== null) return;
    await this.cli(['shutdown', 'nosave']).catch(() => undefined);
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
    this.child = null;
  }

  async answers(): Promise<boolean> {
    return (await this.cli(['ping']).catch(() => '')).trim() === 'PONG';
  }

  /** INFO memory's used_memory, in bytes. */
  async usedMemory(): Promise<number> {
    const info = await this.cli(['info', 'memory']);
    return Number(/used_memory:(\d+)/.exec(info)?.[1] ?? NaN);
  }

  private cli(args: string[]): Promise<string> {
    return run('redis-cli', ['-h', '127.0.0.1', '-p', String(this.port), ...args], 5_000);
  }
}
