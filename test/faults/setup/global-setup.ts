import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { Client } from 'pg';
import { DIST_DIR, serviceNodeFlags } from '../../../tools/harness/repo';
import { DIST_SNAPSHOT, FAULTS_DATABASE, LOG_DIR, PG_HOST_URL, SHARED_REDIS_DATABASES, STATE_DIR } from '../support/env';
import { ensureFreshBuild } from '../../support/fresh-build';
import { dropDatabases, ensureBackingServices, flushFaultsRedisDb } from '../support/services';

/**
 * Runs once before the fault-injection suite: rebuilds dist/ if stale, snapshots dist/, (re)creates the
 * dedicated database (the service itself migrates it at start) and empties the suite's Redis database.
 */
export default async function globalSetup(): Promise<void> {
  // The suite tests dist/: rebuild it when it is missing or older than src/ (never test stale code).
  ensureFreshBuild((line) => process.stderr.write(`\n[faults] ${line}\n`));

  rmSync(STATE_DIR, { recursive: true, force: true });
  mkdirSync(LOG_DIR, { recursive: true });
  // A private copy: a concurrent `npm run build` (which empties dist/) cannot break worker restarts mid-run.
  cpSync(DIST_DIR, DIST_SNAPSHOT, { recursive: true });

  await ensureBackingServices();
  const admin = new Client({ connectionString: `${PG_HOST_URL}/postgres` });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${FAULTS_DATABASE}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${FAULTS_DATABASE}"`);
  } finally {
    await admin.end();
  }
  await dropDatabases(SHARED_REDIS_DATABASES); // the services create them, each with a new deployment id
  await flushFaultsRedisDb();
  process.stderr.write(
    `[faults] services start as: node ${[...serviceNodeFlags(), '<snapshot of dist>/main.js'].join(' ')} and node ${[...serviceNodeFlags('worker.js'), '<snapshot of dist>/worker.js'].join(' ')}; logs in ${LOG_DIR}\n`,
  );
}
