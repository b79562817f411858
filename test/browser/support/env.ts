import { join } from 'node:path';
import { REPO_ROOT } from '../../../tools/harness/repo';
import { serviceEnv as harnessEnv } from '../../../tools/harness/service-env';

/** Where the browser suite runs: its own database, Redis database and queue prefix. */
export { REPO_ROOT };
export const BROWSER_DATABASE = 'pds_browser';
export const PG_HOST_URL = 'postgres://postgres@127.0.0.1:5432';
export const BROWSER_REDIS_URL = 'redis://127.0.0.1:6379/13';
export const QUEUE_PREFIX = 'browser';
export const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-results', 'browser');

/** The service's environment: the shell's own service variables never leak in. */
export function serviceEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return harnessEnv(
    {
      DATABASE_URL: `${PG_HOST_URL}/${BROWSER_DATABASE}`,
      REDIS_URL: BROWSER_REDIS_URL,
      QUEUE_PREFIX,
      BASE_PATH: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      NO_COLOR: '1',
    },
    extra,
  );
}
