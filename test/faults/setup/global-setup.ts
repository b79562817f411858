import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import {
  DIST_DIR,
  DIST_SNAPSHOT,
  ENTRY_POINTS,
  FAULTS_DATABASE,
  LOG_DIR,
  PG_HOST_URL,
  REPO_ROOT,
  serviceNodeFlags,
  SHARED_REDIS_DATABASES,
  STATE_DIR,
} from '../support/env';
import { dropDatabases, ensureBackingServices, flushFaultsRedisDb } from '../support/services';

/**
 * Runs once before the fault-injection suite: checks the build, snapshots dist/, (re)creates the
 * dedicated database (the service itself migrates it at start) and empties the suite's Redis database.
 */
export default async function globalSetup(): Promise<void> {
  const missing = ENTRY_POINTS.filter((entry) => !existsSync(join(DIST_DIR, entry)));
  if (missing.length > 0) {
    throw new Error(
      `The fault-injection suite starts the built service, but ${missing.map((m) => `dist/${m}`).join(', ')} ` +
        `${missing.length === 1 ? 'is' : 'are'} missing. Run \`npm run build\` first, then \`npm run test:faults\`.`,
    );
  }
  const newestSource = newestMtime(join(REPO_ROOT, 'src'));
  const builtAt = statSync(join(DIST_DIR, 'main.js')).mtimeMs;
  if (newestSource > builtAt) {
    process.stderr.write(`\n[faults] warning: src/ changed after dist/ was built; run \`npm run build\` to test the current code.\n`);
  }

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
    `[faults] services start as: node ${[...serviceNodeFlags(), '<snapshot of dist>/{main,worker}.js'].join(' ')}; logs in ${LOG_DIR}\n`,
  );
}

/** Newest modification time of any file under `dir` (to tell whether dist/ is older than src/). */
export function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}
