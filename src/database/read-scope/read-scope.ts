import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueryRunner } from 'typeorm';
import type { ReplicaRead } from '../replicas/replica-read';

const active = new AsyncLocalStorage<ReadScope>();

/** Query-runner methods that must wait for the scope's transaction to have begun. */
const AFTER_BEGIN = new Set<PropertyKey>(['query', 'stream', 'startTransaction']);

/**
 * One read's database work: every query made while it is active (through any repository, entity
 * manager or query builder of the service's DataSource, see ReadScopedDataSource) runs on one
 * connection, in one READ ONLY transaction whose statements PostgreSQL cancels after `timeoutMs`.
 * So a read holds at most one pool connection, cannot write, and cannot run longer per statement
 * than the read timeout, whatever code it calls. The connection is taken at the first query and
 * given back by close(); code still running after close() gets ordinary connections again.
 */
export class ReadScope {
  private runner?: QueryRunner;
  private shared?: QueryRunner;
  private begun?: Promise<void>;
  /** The last query handed to the connection: the next waits for it (pg wants one query at a time per client). */
  private tail: Promise<unknown> = Promise.resolve();
  private closed = false;

  /** `replica`: the read may run on a streaming replica (ReplicaRouter decides); otherwise on the primary. */
  constructor(
    readonly timeoutMs: number,
    readonly replica?: ReplicaRead,
  ) {}

  /** The scope of the code running now, if it is inside an open one. */
  static current(): ReadScope | undefined {
    const scope = active.getStore();
    return scope && !scope.closed ? scope : undefined;
  }

  /** Runs `work` (and everything it starts) inside this scope. */
  run<T>(work: () => T): T {
    return active.run(this, work);
  }

  /** The scope's one runner, created with `create` on first use; releasing it is left to close(). */
  queryRunner(create: () => QueryRunner): QueryRunner {
    if (this.shared) return this.shared;
    const runner = create();
    this.runner = runner;
    this.shared = new Proxy(runner, {
      get: (target, property) => {
        if (property === 'release') return () => Promise.resolve();
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        if (!AFTER_BEGIN.has(property)) return method.bind(target);
        return (...args: unknown[]) => this.inTurn(target, () => method.apply(target, args));
      },
    });
    return this.shared;
  }

  /** Ends the transaction (nothing to keep: it only read) and gives the connection back. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const runner = this.runner;
    if (!runner) return;
    try {
      if (this.begun) await this.begun.then(() => runner.rollbackTransaction()).catch(() => undefined);
    } finally {
      await runner.release();
    }
  }

  /** Runs `work` on the connection after the transaction has begun and the queries before it have ended. */
  private inTurn(runner: QueryRunner, work: () => unknown): Promise<unknown> {
    const turn = this.tail.then(async () => {
      await this.begin(runner);
      return work();
    });
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  private begin(runner: QueryRunner): Promise<void> {
    this.begun ??= (async () => {
      await runner.startTransaction();
      // Integers from the validated configuration only: SET takes no parameters.
      const timeout = this.timeoutMs > 0 ? `; SET LOCAL statement_timeout = ${Math.floor(this.timeoutMs)}` : '';
      await runner.query(`SET TRANSACTION READ ONLY${timeout}`);
    })();
    return this.begun;
  }
}
