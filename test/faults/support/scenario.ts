import type { FaultsDb, JobRow } from './db';
import { sleep } from '../../../tools/harness/repo';
import type { ServiceProcess } from '../../../tools/harness/service-process';
import { killAll } from './processes';
import { ensureBackingServices } from './services';

/** Prints a scenario's observations (kept short; the full process logs are in the log directory). */
export function note(scenario: string, message: string): void {
  process.stdout.write(`[faults:${scenario}] ${message}\n`);
}

/** afterEach/afterAll body: no spawned process survives a spec, PostgreSQL and Redis are left running. */
export async function cleanUp(db?: FaultsDb): Promise<void> {
  await killAll();
  await ensureBackingServices();
  if (db) await db.close();
}

/** The seed of a scenario's random fault points: FAULTS_SEED to replay a run, otherwise fresh (and printed). */
export function faultSeed(scenario: string): number {
  const seed = process.env.FAULTS_SEED ? Number(process.env.FAULTS_SEED) : Math.floor(Math.random() * 2 ** 31);
  note(scenario, `random choices from seed ${seed} (replay with FAULTS_SEED=${seed})`);
  return seed;
}

/** Waits until the job is processing and its cursor is at least `fraction` of its elements. */
export function waitForCursor(db: FaultsDb, jobId: string, fraction: number, timeoutMs = 60_000): Promise<JobRow> {
  return db.waitForJob(
    jobId,
    (j) => j.status === 'processing' && j.total > 0 && j.cursor >= Math.ceil(j.total * fraction),
    `processing with cursor >= ${Math.round(fraction * 100)}%`,
    timeoutMs,
    20,
  );
}

/** Waits until this process holds the organization's import lock (it has claimed the organization's job). */
export async function waitForLockHolder(
  db: FaultsDb,
  organizationId: string,
  holders: ServiceProcess[],
  timeoutMs: number,
): Promise<ServiceProcess> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const holder = await db.importLockHolder(organizationId).catch(() => null);
    const service = holders.find((h) => h.name === holder);
    if (service) return service;
    if (Date.now() > deadline) {
      throw new Error(`none of ${holders.map((h) => h.name).join(', ')} took the import lock within ${timeoutMs} ms (holder: ${holder})`);
    }
    await sleep(10);
  }
}
