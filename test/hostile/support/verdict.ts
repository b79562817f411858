import { ERROR_DETAILS_LIMIT, PEAK_RSS_LIMIT_MIB, TIME_RATIO_LIMIT } from './env';
import type { ExpectedOutcome } from './expected-outcome';
import type { ErrorListing } from './read-outcome';
import type { ImportJobStatus } from '../../../tools/harness/http/import-client';

export interface Observed {
  job: ImportJobStatus | null;
  gaveUp: string | null;
  seconds: number;
  baselineSeconds: number | null;
  errors: ErrorListing | null;
  productCount: number | null;
  peakRssMib: number;
  killedAtMib: number | null;
  serverErrors: string[];
  /** Service processes that were not running when the shape ended. */
  exited: string[];
}

/** Every way the observed end state differs from the rules; empty when the shape passes. */
export function problemsOf(expected: ExpectedOutcome, seen: Observed): string[] {
  const problems: string[] = [];
  if (seen.killedAtMib !== null) problems.push(`worker killed by the suite at ${seen.killedAtMib} MiB RSS: no terminal state`);
  else if (seen.gaveUp) problems.push(`no terminal state: ${seen.gaveUp}`);
  for (const name of seen.exited) if (!seen.gaveUp?.startsWith(`${name} exited`)) problems.push(`${name} exited`);
  if (seen.peakRssMib > PEAK_RSS_LIMIT_MIB) problems.push(`worker peak RSS ${seen.peakRssMib} MiB > ${PEAK_RSS_LIMIT_MIB} MiB`);
  if (seen.baselineSeconds !== null && seen.seconds > TIME_RATIO_LIMIT * seen.baselineSeconds) {
    problems.push(`${seen.seconds.toFixed(1)} s > ${TIME_RATIO_LIMIT} × baseline ${seen.baselineSeconds.toFixed(1)} s`);
  }
  for (const line of seen.serverErrors.slice(0, 3)) problems.push(`server error: ${line}`);
  if (seen.serverErrors.length > 3) problems.push(`… ${seen.serverErrors.length - 3} more server errors`);
  if (seen.job) {
    const { job } = seen;
    const counters = (j: { total: number; indexed: number; failed: number; skipped: number }) =>
      `${j.total}/${j.indexed}/${j.failed}/${j.skipped}`;
    if (job.status !== expected.status) problems.push(`status ${job.status}, expected ${expected.status}`);
    const got = counters({ total: job.total, indexed: job.indexed_count, failed: job.failed_count, skipped: job.skipped_count });
    if (got !== counters(expected)) problems.push(`total/indexed/failed/skipped ${got}, expected ${counters(expected)}`);
    if (seen.productCount !== null && seen.productCount !== expected.productCount) {
      problems.push(`catalog holds ${seen.productCount} products, expected ${expected.productCount}`);
    }
  }
  if (seen.errors) problems.push(...errorProblems(expected, seen.errors));
  return problems;
}

function errorProblems(expected: ExpectedOutcome, errors: ErrorListing): string[] {
  const problems: string[] = [];
  if (errors.problem) return [errors.problem];
  if (errors.failureType !== expected.failureType) problems.push(`failure.type ${errors.failureType}, expected ${expected.failureType}`);
  if (errors.truncated) problems.push(`/errors lists more than IMPORT_ERROR_DETAILS_LIMIT = ${ERROR_DETAILS_LIMIT} rows`);
  else if (errors.indices.length !== expected.errorIndices.length) {
    problems.push(`/errors lists ${errors.indices.length} rows, expected ${expected.errorIndices.length}`);
  }
  const mismatch = expected.errorIndices.findIndex((index, at) => at < errors.indices.length && errors.indices[at] !== index);
  if (mismatch >= 0) {
    problems.push(`/errors row ${mismatch} is element ${errors.indices[mismatch]}, expected element ${expected.errorIndices[mismatch]}`);
  }
  for (const row of errors.badRows) problems.push(`/errors: ${row}`);
  return problems;
}
