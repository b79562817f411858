import { POSTGRES_ERROR, postgresErrorCode } from './postgres-errors';

const RELEASED_RUNNER_ERRORS = new Set(['QueryRunnerAlreadyReleasedError', 'QueryRunnerProviderAlreadyReleasedError']);

/**
 * True when an error means PostgreSQL or Redis could not be reached (as opposed to a bug),
 * so the API answers 503 `unavailable` instead of 500.
 */
export function isUnavailableError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // TypeORM releases a query runner when its connection emits 'error' (e.g. PostgreSQL shut down
  // while an upload's transaction waited for the client); the next statement or the COMMIT then
  // never reaches the server, so nothing was stored.
  if (RELEASED_RUNNER_ERRORS.has(error.name)) return true;
  const code = postgresErrorCode(error);
  if (code !== undefined) {
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) return true;
    // PostgreSQL: 08xxx connection exceptions, 57P01-57P03 admin shutdown / cannot connect now.
    if (/^08/.test(code) || ['57P01', '57P02', '57P03'].includes(code)) return true;
    // A statement cancelled by DB_STATEMENT_TIMEOUT_MS (57014) or a session ended by the
    // idle-in-transaction timeout (25P03): the database is overloaded or stuck, not the request wrong.
    if (code === POSTGRES_ERROR.queryCanceled || code === POSTGRES_ERROR.idleInTransactionTimeout) return true;
  }
  return /Connection terminated|Connection is closed|timeout exceeded when trying to connect|Stream isn't writeable|getaddrinfo|MaxRetriesPerRequestError|Reached the max retries/i.test(
    error.message,
  );
}
