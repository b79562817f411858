import { POSTGRES_ERROR } from '../../common/errors/postgres-errors';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueryRunner } from 'typeorm';
import { ON_REPLICA, type ReplicaRead } from '../replicas/replica-read';

const active = new AsyncLocalStorage<ReadScope>();

/** Query-runner methods that must wait for the scope's transaction to have begun. */
/** The application_name of a session while it runs a read scope's transaction (pg_stat_activity). */
export const READ_APPLICATION_NAME = 'pds-read';

const AFTER_BEGIN = new Set<PropertyKey>(['query', 'stream', 'startTransaction']);

/** Cancels the statement running on the backend with this process id (pg_cancel_backend, outside any scope). */
export type CancelStatement = (backendPid: number) => Promise<void>;

/** A query asked for after its read had ended: it is refused, never run on another connection. */
export class ReadEndedError extends Error {
  /** query_canceled: what a cancelled statement answers, so callers treat both alike. */
  readonly code = POSTGRES_ERROR.queryCanceled;

  constructor() {
    super('The read has ended (its answer was sent or its client is gone); no further query runs for it');
  }
}

/**
 * One read's database work: every query made while it is active (through any repository, entity
 * manager or query builder of the service's DataSource, see ReadScopedDataSource) runs on one
 * connection, in one READ ONLY transaction whose statements PostgreSQL cancels after `timeoutMs`.
 * So a read holds at most one pool connection, cannot write, and cannot run longer per statement
 * than the read timeout, whatever code it calls. The connection is taken at the first query and
 * given back by close() once the statements before it have ended. After close() or abort() the
 * scope refuses every query of the code it started (ReadEndedError): a read's work never goes on
 * outside its bounds. abort() (client gone) also cancels the statement running now.
 */
export class ReadScope {
  private runner?: QueryRunner;
  private shared?: QueryRunner;
  private begun?: Promise<void>;
  /** The last query handed to the connection: the next waits for it (pg wants one query at a time per client). */
  private tail: Promise<unknown> = Promise.resolve();
  /** Set by close() or abort(): no statement starts any more. */
  private ended = false;
  private ending?: Promise<void>;
  /** A statement of this scope is on the connection now (what abort() cancels). */
  private inStatement = false;

  /**
   * `cancelStatement`: how abort() cancels the running statement (on the primary). `replica`: the
   * read may run on a streaming replica (ReplicaRouterService decides); otherwise on the primary.
   */
  constructor(
    readonly timeoutMs: number,
    private readonly cancelStatement?: CancelStatement,
    readonly replica?: ReplicaRead,
  ) {}

  /** The scope of the code running now, if it runs inside one (ended or not: an ended scope refuses queries). */
  static current(): ReadScope | undefined {
    return active.getStore();
  }

  /** Runs `work` outside any scope (on the service's ordinary connections). */
  static outside<T>(work: () => T): T {
    return active.exit(work);
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
        // An ended scope never takes a connection again (nothing would give it back).
        if (property === 'connect' && this.ended) return () => Promise.reject(new ReadEndedError());
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        if (!AFTER_BEGIN.has(property)) return method.bind(target);
        return (...args: unknown[]) => this.inTurn(target, () => method.apply(target, args));
      },
    });
    return this.shared;
  }

  /**
   * Ends the read once the statements already on the connection have ended: rolls the transaction
   * back (it only read) and gives the connection back. Resolves when the connection is back.
   */
  close(): Promise<void> {
    this.ended = true;
    this.ending ??= this.release();
    return this.ending;
  }

  /** The client is gone: cancels the statement running now, then close(). */
  abort(): Promise<void> {
    if (this.ending) return this.ending;
    this.ended = true;
    const pid = this.backendPid();
    const cancelled =
      pid !== undefined && this.inStatement && this.cancelStatement ? this.cancelStatement(pid).catch(() => undefined) : undefined;
    this.ending = Promise.resolve(cancelled).then(() => this.release());
    return this.ending;
  }

  private async release(): Promise<void> {
    const runner = this.runner;
    if (!runner) return;
    await this.tail;
    let failed: unknown;
    if (this.begun)
      failed = await this.begun
        .then(() => runner.rollbackTransaction())
        .then(
          () => undefined,
          (error: unknown) => error ?? new Error('rollback failed'),
        );
    // A connection whose rollback failed (a cancel that landed on it) is closed rather than reused.
    const postgres = runner as QueryRunner & { releasePostgresConnection?: (error?: unknown) => Promise<void> };
    if (failed && postgres.releasePostgresConnection) await postgres.releasePostgresConnection(failed);
    else await runner.release();
  }

  /**
   * The PostgreSQL process of the scope's connection, once it has one. None for a replica's
   * connection: pg_cancel_backend runs on the primary, where that process id may be someone else's;
   * such a read keeps its slot until its statement ends (at most the read timeout).
   */
  private backendPid(): number | undefined {
    const connection = (this.runner as { databaseConnection?: { processID?: number | null; [ON_REPLICA]?: boolean } } | undefined)
      ?.databaseConnection;
    if (connection?.[ON_REPLICA]) return undefined;
    return connection?.processID ?? undefined;
  }

  /** Runs `work` on the connection after the transaction has begun and the queries before it have ended. */
  private inTurn(runner: QueryRunner, work: () => unknown): Promise<unknown> {
    const turn = this.tail.then(async () => {
      if (this.ended) throw new ReadEndedError();
      this.inStatement = true;
      try {
        await this.begin(runner);
        if (this.ended) throw new ReadEndedError();
        return await work();
      } finally {
        this.inStatement = false;
      }
    });
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  private begin(runner: QueryRunner): Promise<void> {
    this.begun ??= (async () => {
      // Integers from the validated configuration only: SET takes no parameters.
      const timeout = this.timeoutMs > 0 ? `; SET LOCAL statement_timeout = ${Math.floor(this.timeoutMs)}` : '';
      // One round trip for the transaction and its settings (startTransaction() would send START TRANSACTION in
      // one of its own: a read's fixed cost, docs/performance.md "Fixed cost"). Named for operators (and tests)
      // in pg_stat_activity for the transaction only.
      await runner.query(`START TRANSACTION READ ONLY${timeout}; SET LOCAL application_name = '${READ_APPLICATION_NAME}'`);
      markTransactionOpen(runner);
    })();
    return this.begun;
  }
}

/**
 * Tells TypeORM's runner that the transaction the scope began is open, as startTransaction() would
 * have: rollbackTransaction() and nested transactions (savepoints) then work as usual. The service
 * has no transaction subscribers, whose start events this skips.
 */
function markTransactionOpen(runner: QueryRunner): void {
  const state = runner as unknown as { isTransactionActive: boolean; transactionDepth: number };
  state.isTransactionActive = true;
  state.transactionDepth = 1;
}
