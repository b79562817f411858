import Redis from 'ioredis';
import { mkdirSync, rmSync } from 'node:fs';
import { Client } from 'pg';
import { ensureFreshBuild } from '../../support/fresh-build';
import { BROWSER_DATABASE, BROWSER_REDIS_URL, PG_HOST_URL, QUEUE_PREFIX, SCREENSHOT_DIR } from '../support/env';

/**
 * Runs once before the browser suite: rebuilds dist/ if stale, recreates the suite's database
 * (the service migrates it at start), removes its queue keys and the previous screenshots.
 */
export default async function globalSetup(): Promise<void> {
  ensureFreshBuild((line) => process.stderr.write(`\n[browser] ${line}\n`));
  rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const admin = new Client({ connectionString: `${PG_HOST_URL}/postgres` });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${BROWSER_DATABASE}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${BROWSER_DATABASE}"`);
  } finally {
    await admin.end();
  }
  const redis = new Redis(BROWSER_REDIS_URL);
  try {
    const keys = await redis.keys(`${QUEUE_PREFIX}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
