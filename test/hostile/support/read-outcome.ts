import type { ImportJobStatus } from '../../../tools/harness/http/import-client';
import { sleep } from '../../../tools/harness/repo';
import type { ServiceProcess } from '../../../tools/harness/service-process';
import { MAX_ERRORS_PER_ROW, POLL_MS } from './env';
import type { RecordingClient } from './recording-client';

export interface TerminalWait {
  job: ImportJobStatus | null;
  /** From the 202 to the poll that saw done/failed (or to when the suite gave up). */
  seconds: number;
  /** Why the job did not reach a terminal state, when it did not. */
  gaveUp: string | null;
}

/** Polls the job until done/failed; gives up when a watched process exits or at the deadline. */
export async function waitForTerminal(
  client: RecordingClient,
  jobId: string,
  acceptedAt: number,
  timeoutMs: number,
  watched: ServiceProcess[],
): Promise<TerminalWait> {
  const elapsed = () => (performance.now() - acceptedAt) / 1000;
  let failedPolls = 0;
  for (;;) {
    const dead = watched.find((service) => !service.running);
    if (dead) {
      const { exitCode, signalCode } = dead.child;
      return { job: null, seconds: elapsed(), gaveUp: `${dead.name} exited (code ${exitCode}, signal ${signalCode}; log ${dead.logFile})` };
    }
    try {
      const answer = await client.get(`/v1/catalogs/imports/${jobId}`);
      if (answer.status === 200) {
        const job = JSON.parse(answer.body) as ImportJobStatus;
        if (job.status === 'done' || job.status === 'failed') return { job, seconds: elapsed(), gaveUp: null };
      } else if (++failedPolls > 50) {
        return { job: null, seconds: elapsed(), gaveUp: `status polls keep failing; last ${answer.status} ${answer.body.slice(0, 200)}` };
      }
    } catch (error) {
      if (++failedPolls > 50) return { job: null, seconds: elapsed(), gaveUp: `status polls keep failing: ${(error as Error).message}` };
    }
    if (elapsed() * 1000 > timeoutMs)
      return { job: null, seconds: elapsed(), gaveUp: `not finished after ${(timeoutMs / 1000).toFixed(0)} s` };
    await sleep(POLL_MS);
  }
}

export interface ErrorListing {
  failureType: string | null;
  /** Element indices of the rows, in page order. */
  indices: number[];
  /** Rows that break the rules (the first few, described). */
  badRows: string[];
  maxEntries: number;
  maxPageBytes: number;
  /** Stopped walking: more rows than `maxRows`. */
  truncated: boolean;
  problem: string | null;
}

interface ErrorsPage {
  failure: { type: string } | null;
  data: { index: number; product_id: string | null; errors: { field: string; message: string }[] }[];
  next_cursor: string | null;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** What PostgreSQL cannot store: NUL and unpaired surrogates. */
const unstorable = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);
/**
 * A message is the service's own words: NUL, any surrogate (so also an emoji) or a replacement
 * character there means raw input was quoted (the generated files put their bytes in no message).
 */
const quotesInput = (text: string): boolean => text.includes('\u0000') || /[\ud800-\udfff\ufffd]/.test(text);

/** Why one row breaks the rules (too many or no entries, quoted input, unstorable text), or null. */
function rowProblem(row: ErrorsPage['data'][number]): string | null {
  if (row.errors.length < 1 || row.errors.length > MAX_ERRORS_PER_ROW) return `element ${row.index} has ${row.errors.length} error entries`;
  if (row.product_id !== null && unstorable(row.product_id)) return `element ${row.index}: product_id holds NUL or a lone surrogate`;
  const entry = row.errors.find((e) => unstorable(e.field) || quotesInput(e.message));
  return entry ? `element ${row.index}: entry ${JSON.stringify(entry)} quotes raw input or holds NUL / a lone surrogate` : null;
}

/** Walks `/errors` page by page (100 rows each), stopping once more than `maxRows` rows were seen. */
export async function listErrors(client: RecordingClient, jobId: string, maxRows: number): Promise<ErrorListing> {
  const listing: ErrorListing = {
    failureType: null,
    indices: [],
    badRows: [],
    maxEntries: 0,
    maxPageBytes: 0,
    truncated: false,
    problem: null,
  };
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const answer = await client.get(`/v1/catalogs/imports/${jobId}/errors?limit=100${query}`);
    if (answer.status !== 200) {
      listing.problem = `GET /errors answered ${answer.status}: ${answer.body.slice(0, 200)}`;
      return listing;
    }
    listing.maxPageBytes = Math.max(listing.maxPageBytes, Buffer.byteLength(answer.body));
    const page = JSON.parse(answer.body) as ErrorsPage;
    listing.failureType = page.failure?.type ?? null;
    for (const row of page.data) {
      listing.indices.push(row.index);
      listing.maxEntries = Math.max(listing.maxEntries, row.errors.length);
      const problem = rowProblem(row);
      if (problem && listing.badRows.length < 3) listing.badRows.push(problem);
    }
    cursor = page.next_cursor;
    if (listing.indices.length > maxRows) listing.truncated = true;
  } while (cursor && !listing.truncated);
  return listing;
}
