import { POSTGRES_ERROR, postgresErrorCode } from '../../../common/errors/postgres-errors';
import type { Run } from './score';

/** The ranking's work budget ran out (SEARCH_RANKING_BUDGET_MS): the page is completed from a sample and says so. */
export class DeadlinePassed extends Error {
  constructor() {
    super('the ranking budget ran out');
  }
}

const SAVEPOINT = 'ranking_budget';

/**
 * A time budget for a page's level reads, as Meilisearch's search cutoff: each statement run
 * through `bind` gets what is left of it as its statement_timeout, inside a savepoint, so a
 * statement cancelled at the deadline leaves the read's transaction usable (ROLLBACK TO SAVEPOINT,
 * which also gives the read its own timeout back) and the caller goes on with what it has.
 */
export class Deadline {
  private readonly end: number;
  /** The read's own statement_timeout in ms, read once, given back after each statement. */
  private previous: number | null = null;

  constructor(
    ms: number,
    private readonly now: () => number = Date.now,
  ) {
    this.end = now() + ms;
  }

  /** `run`, its statements bounded by the deadline: DeadlinePassed when it ran out before or during one. */
  bind(run: Run): Run {
    return async <T>(sql: string, params?: Record<string, unknown>): Promise<T[]> => {
      const left = Math.ceil(this.end - this.now());
      if (left <= 0) throw new DeadlinePassed();
      this.previous ??= (await run<{ ms: number }>(`SELECT setting::int AS ms FROM pg_settings WHERE name = 'statement_timeout'`))[0].ms;
      // Integers only (SET takes no parameters); two statements, one round trip.
      await run(`SAVEPOINT ${SAVEPOINT}; SET LOCAL statement_timeout = ${left}`);
      let rows: T[];
      try {
        rows = await run<T>(sql, params);
      } catch (error) {
        if (!isCancelled(error)) throw error;
        await run(`ROLLBACK TO SAVEPOINT ${SAVEPOINT}`);
        throw new DeadlinePassed();
      }
      await run(`SET LOCAL statement_timeout = ${this.previous}; RELEASE SAVEPOINT ${SAVEPOINT}`);
      return rows;
    };
  }
}

/** PostgreSQL's query_canceled (statement_timeout), as the driver or TypeORM reports it. */
function isCancelled(error: unknown): boolean {
  return postgresErrorCode(error) === POSTGRES_ERROR.queryCanceled;
}
