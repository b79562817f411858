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
      await run(`SAVEPOINT ${SAVEPOINT}`);
      const [set] = await run<{ previous: string }>(
        `SELECT current_setting('statement_timeout') AS previous, set_config('statement_timeout', CAST(:left AS text), true) AS now`,
        { left: `${left}ms` },
      );
      let rows: T[];
      try {
        rows = await run<T>(sql, params);
      } catch (error) {
        if (!isCancelled(error)) throw error;
        await run(`ROLLBACK TO SAVEPOINT ${SAVEPOINT}`);
        throw new DeadlinePassed();
      }
      await run(`SELECT set_config('statement_timeout', CAST(:previous AS text), true)`, { previous: set.previous });
      await run(`RELEASE SAVEPOINT ${SAVEPOINT}`);
      return rows;
    };
  }
}

/** PostgreSQL's query_canceled (statement_timeout), as the driver or TypeORM reports it. */
function isCancelled(error: unknown): boolean {
  const e = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  return (e?.code ?? e?.driverError?.code) === '57014';
}
