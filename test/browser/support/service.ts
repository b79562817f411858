import { join } from 'node:path';
import { runCli } from '../../../tools/harness/cli';
import { freePort } from '../../../tools/harness/ports';
import { waitForHttpOk } from '../../../tools/harness/readiness';
import { DIST_DIR } from '../../../tools/harness/repo';
import { startNodeService, type ServiceProcess } from '../../../tools/harness/service-process';
import { SCREENSHOT_DIR, serviceEnv } from './env';

export interface Caller {
  accountId: string;
  token: string;
}

export interface RunningApi {
  readonly process: ServiceProcess;
  readonly port: number;
  readonly baseUrl: string;
  stop(): Promise<void>;
}

/** `node dist/main.js` (worker in-process) on a free port; resolves once GET /health/live answers 200. */
export async function startApi(): Promise<RunningApi> {
  const port = await freePort();
  const api = await startNodeService(
    'browser-api',
    join(DIST_DIR, 'main.js'),
    serviceEnv({ PORT: String(port), PGAPPNAME: 'browser-api' }),
    SCREENSHOT_DIR,
    port,
  );
  try {
    await waitForHttpOk(api, port, '/health/live', 60_000);
  } catch (error) {
    await api.kill();
    throw error;
  }
  return { process: api, port, baseUrl: `http://127.0.0.1:${port}`, stop: () => api.stop() };
}

/** An organization, an account and a read-write token, created the operator's way (`node dist/cli.js`). */
export async function createCaller(label: string): Promise<Caller> {
  const cli = (args: string[]) => runCli(join(DIST_DIR, 'cli.js'), args, serviceEnv({ PGAPPNAME: 'browser-cli' }), 30_000);
  const organization = await cli(['organizations', 'create', '--name', label]);
  const account = await cli(['accounts', 'create', '--organization', String(organization.id)]);
  const token = await cli(['tokens', 'create', '--account', String(account.id), '--scopes', 'accounts--my:ro,accounts--my:rw']);
  return { accountId: String(account.id), token: String(token.token) };
}
