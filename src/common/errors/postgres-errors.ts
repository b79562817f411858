/** The SQLSTATE codes the service reacts to (PostgreSQL's appendix A). */
export const POSTGRES_ERROR = {
  uniqueViolation: '23505',
  lockNotAvailable: '55P03',
  queryCanceled: '57014',
  inFailedTransaction: '25P02',
  idleInTransactionTimeout: '25P03',
} as const;

/**
 * An error's code: PostgreSQL's SQLSTATE (or a socket error's, ECONNREFUSED…) as the pg driver
 * reports it (`code`) or TypeORM wraps it (`driverError.code`).
 */
export function postgresErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; driverError?: { code?: unknown } } | null | undefined;
  const code = e?.code ?? e?.driverError?.code;
  return typeof code === 'string' ? code : undefined;
}
