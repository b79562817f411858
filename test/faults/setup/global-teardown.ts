import { existsSync, readFileSync } from 'node:fs';
import { DIST_SNAPSHOT, PID_FILE } from '../support/env';
import { ensureBackingServices } from '../support/services';

/**
 * Runs once after the suite, also after failures: kills any service process a spec left behind
 * (only pids this suite recorded, and only while they still run our snapshot), and leaves
 * PostgreSQL and Redis running.
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
}

function isOurs(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(DIST_SNAPSHOT);
  } catch {
    return false;
  }
}
