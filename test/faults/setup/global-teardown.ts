import { existsSync, readFileSync } from 'node:fs';
import { DEFAULT_PREFIX_PATTERN, DIST_SNAPSHOT, PID_FILE, SHARED_EXPLICIT_PREFIX, SHARED_REDIS_DATABASES } from '../support/env';
import { deleteFaultsRedisKeys, dropDatabases, ensureBackingServices } from '../support/services';

/**
 * Runs once after the suite, also after failures: kills any service process a spec left behind
 * (only pids this suite recorded, and only while they still run our snapshot), leaves PostgreSQL
 * and Redis running, and removes what the shared-redis spec created: its two databases and the
 * keys under the default prefixes `pds:<deployment id>` and its shared QUEUE_PREFIX in the suite's
 * Redis database.
 */
export default async function globalTeardown(): Promise<void> {
  if (existsSync(PID_FILE)) {
    for (const pid of readFileSync(PID_FILE, 'utf8').split('\n').filter(Boolean).map(Number)) {
      if (isOurs(pid)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
  }
  await ensureBackingServices();
  await dropDatabases(SHARED_REDIS_DATABASES);
  await deleteFaultsRedisKeys(DEFAULT_PREFIX_PATTERN);
  await deleteFaultsRedisKeys(`${SHARED_EXPLICIT_PREFIX}:*`);
}

function isOurs(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(DIST_SNAPSHOT);
  } catch {
    return false;
  }
}
