import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Redis from 'ioredis';
import { withClient } from '../../../bench/lib/bench-db';
import { REPO_ROOT } from '../../../bench/lib/processes';
import { newestMtime } from '../../faults/setup/global-setup';
import { HOSTILE_DATABASE, HOSTILE_REDIS_URL, LOG_DIR, PG_HOST_URL } from '../support/env';

/**
 * Runs once before the hostile-file suite: refuses a missing or stale build (the suite measures
 * dist/, so it must be today's code), recreates the suite's database (the service migrates it at
 * start) and empties its Redis database.
 */
export default async function globalSetup(): Promise<void> {
  const entries = ['main.js', 'worker.js', 'cli.js'].map((entry) => join(REPO_ROOT, 'dist', entry));
  const missing = entries.filter((entry) => !existsSync(entry));
  if (missing.length > 0) {
    throw new Error(`The hostile-file suite runs the built service, but ${missing.join(', ')} is missing: run \`npm run build\` first.`);
  }
  const builtAt = Math.min(...entries.map((entry) => statSync(entry).mtimeMs));
  if (newestMtime(join(REPO_ROOT, 'src')) > builtAt) {
    throw new Error('src/ changed after dist/ was built: run `npm run build`, then `npm run test:hostile` (it measures dist/).');
  }
  rmSync(LOG_DIR, { recursive: true, force: true });
  mkdirSync(LOG_DIR, { recursive: true });
  await withClient(`${PG_HOST_URL}/postgres`, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS "${HOSTILE_DATABASE}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${HOSTILE_DATABASE}"`);
  });
  const redis = new Redis(HOSTILE_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
  try {
    await redis.connect();
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}
