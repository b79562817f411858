import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../../src/common/config/load-config';
import { createCaller } from './cli';
import type { FaultsDb, JobRow, JobStatus } from './db';
import { STATE_DIR } from './env';
import { uploadCatalog } from '../../../tools/harness/http/import-requests';
import { canonical, modelDifferences, modelImports } from './model';

/** What an import left behind, read from PostgreSQL: the thing a disturbed run must reproduce exactly. */
export interface ImportOutcome {
  status: JobStatus;
  counters: { total: number; indexed_count: number; failed_count: number; skipped_count: number };
  /** (product_id, content_hash raw_hash md5(data) this-job|earlier-job), ordered by product_id. */
  catalog: Array<[string, string]>;
  errors: { count: number; digest: string };
  fileChunksLeft: number;
  attempts: number;
}

export async function collectOutcome(db: FaultsDb, job: JobRow): Promise<ImportOutcome> {
  const errors = await db.errorRows(job.id);
  return {
    status: job.status,
    counters: { total: job.total, indexed_count: job.indexed_count, failed_count: job.failed_count, skipped_count: job.skipped_count },
    catalog: await db.catalog(job.organization_id, job.id),
    errors: { count: errors.count, digest: errors.digest },
    fileChunksLeft: await db.fileChunkCount(job.id),
    attempts: job.attempts,
  };
}

/** Error rows are kept for the first IMPORT_ERROR_DETAILS_LIMIT failed elements (the suite runs with the default). */
const ERROR_DETAILS_LIMIT = loadConfig({}).worker.errorDetailsLimit;

/** Exactly-once counting and a clean finish: every element counted once, one error row per kept failed element, file deleted. */
export function invariantViolations(outcome: ImportOutcome): string[] {
  const problems: string[] = [];
  const c = outcome.counters;
  if (outcome.status !== 'done') problems.push(`status is ${outcome.status}, not done`);
  if (c.indexed_count + c.failed_count + c.skipped_count !== c.total) {
    problems.push(`indexed ${c.indexed_count} + failed ${c.failed_count} + skipped ${c.skipped_count} != total ${c.total}`);
  }
  if (outcome.errors.count !== Math.min(c.failed_count, ERROR_DETAILS_LIMIT))
    problems.push(`${outcome.errors.count} import_errors rows for failed_count ${c.failed_count}`);
  if (outcome.fileChunksLeft !== 0) problems.push(`${outcome.fileChunksLeft} file chunks left after the import ended`);
  return problems;
}

/**
 * Differences between a disturbed run and the undisturbed reference (empty = identical). With
 * `catalog: false` only the job's own results are compared (when a later import of the same
 * organization has changed the catalog since).
 */
export function outcomeDifferences(reference: ImportOutcome, actual: ImportOutcome, options: { catalog?: boolean } = {}): string[] {
  const problems: string[] = [];
  if (actual.status !== reference.status) problems.push(`status ${actual.status} != reference ${reference.status}`);
  for (const key of Object.keys(reference.counters) as Array<keyof ImportOutcome['counters']>) {
    if (actual.counters[key] !== reference.counters[key])
      problems.push(`${key} ${actual.counters[key]} != reference ${reference.counters[key]}`);
  }
  if (actual.errors.count !== reference.errors.count)
    problems.push(`import_errors count ${actual.errors.count} != reference ${reference.errors.count}`);
  else if (actual.errors.digest !== reference.errors.digest)
    problems.push('import_errors rows (index, product_id, errors) differ from the reference');
  if (options.catalog ?? true) problems.push(...catalogDifferences(reference.catalog, actual.catalog));
  return problems;
}

function catalogDifferences(expected: Array<[string, string]>, actual: Array<[string, string]>): string[] {
  const want = new Map(expected);
  const got = new Map(actual);
  const problems: string[] = [];
  if (got.size !== want.size) problems.push(`catalog has ${got.size} products, reference ${want.size}`);
  const samples: string[] = [];
  let differing = 0;
  for (const [id, hash] of want) {
    const other = got.get(id);
    if (other === hash) continue;
    differing++;
    if (samples.length < 5) samples.push(other === undefined ? `${id} missing` : `${id} differs (${other} != ${hash})`);
  }
  for (const id of got.keys()) {
    if (want.has(id)) continue;
    differing++;
    if (samples.length < 5) samples.push(`${id} not in the reference`);
  }
  if (differing > 0) problems.push(`${differing} catalog rows differ from the reference, e.g. ${samples.join('; ')}`);
  return problems;
}

export function summary(outcome: ImportOutcome): string {
  const c = outcome.counters;
  return `${outcome.status}: total ${c.total}, indexed ${c.indexed_count}, failed ${c.failed_count}, skipped ${c.skipped_count}, ${outcome.catalog.length} products, ${outcome.errors.count} error rows`;
}

/**
 * The outcomes of undisturbed imports of `contents`, one after the other (each waited for) into one
 * fresh organization; each outcome's catalog is the one right after that import. Computed once per
 * suite run (the global setup empties the cache) by whichever scenario needs it first.
 */
export async function referenceOutcomes(db: FaultsDb, apiPort: number, contents: Buffer[], timeoutMs = 120_000): Promise<ImportOutcome[]> {
  const hash = createHash('sha256');
  for (const content of contents) hash.update(createHash('sha256').update(content).digest());
  const key = hash.digest('hex').slice(0, 16);
  const dir = join(STATE_DIR, 'references');
  const file = join(dir, `${key}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ImportOutcome[];
  const started = Date.now();
  // Expected counters and catalog come from the files themselves; the reference run must agree with them.
  const model = modelImports(contents);
  const caller = await createCaller(`reference ${key}`);
  const outcomes: ImportOutcome[] = [];
  for (const content of contents) {
    const jobId = await uploadCatalog(apiPort, caller, content);
    const outcome = await collectOutcome(db, await db.waitForFinished(jobId, timeoutMs));
    const problems = [
      ...invariantViolations(outcome),
      ...modelDifferences(
        model[outcomes.length],
        outcome.counters,
        new Map([...(await db.catalogData(caller.organizationId))].map(([id, data]) => [id, canonical(data)])),
      ),
    ];
    if (problems.length > 0) throw new Error(`the undisturbed reference run is itself broken: ${problems.join('; ')}`);
    outcomes.push(outcome);
  }
  process.stdout.write(`[faults:reference] ${contents.length} file(s), ${Date.now() - started} ms: ${outcomes.map(summary).join(' | ')}\n`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(outcomes));
  return outcomes;
}

/** The reference outcome of one file imported into an empty organization. */
export async function referenceOutcome(db: FaultsDb, apiPort: number, content: Buffer, timeoutMs = 120_000): Promise<ImportOutcome> {
  const [outcome] = await referenceOutcomes(db, apiPort, [content], timeoutMs);
  return outcome;
}
