import { mkdirSync, rmSync } from 'node:fs';
import Redis from 'ioredis';
import { withClient } from '../../../tools/harness/bench-db';
import { ensureFreshBuild } from '../../support/fresh-build';
import { HOSTILE_DATABASE, HOSTILE_REDIS_URL, LOG_DIR, PG_HOST_URL } from '../support/env';

/**
 * Runs once before the hostile-file suite: rebuilds a missing or stale dist/ (the suite measures
 * it, so it must be today's code), recreates the suite's database (the service migrates it at
 * start) and empties its Redis database.
 */
export default async function globalSetup(): Promise<void> {
  // The suite measures dist/: rebuild it when it is missing or older than src/ (never measure stale code).
  ensureFreshBuild((line) => process.stderr.write(`\n[hostile] ${line}\n`));
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
