import { execFile, spawn } from 'node:child_process';
import { get } from 'node:http';
import { join } from 'node:path';
import { serviceNodeFlags } from '../../faults/support/env';
import { freePort, ServiceProcess } from '../../faults/support/processes';
import { REPO_ROOT, SCREENSHOT_DIR, serviceEnv } from './env';

export interface Caller {
  accountId: string;
  token: string;
}

export type RunningApi = ServiceProcess & { readonly port: number; readonly baseUrl: string };

/** `node dist/main.js` (worker in-process) on a free port; resolves once GET /health/live answers 200. */
export async function startApi(): Promise<RunningApi> {
  const port = await freePort();
  const child = spawn(process.execPath, [...serviceNodeFlags(), join(REPO_ROOT, 'dist', 'main.js')], {
    cwd: REPO_ROOT,
    env: serviceEnv({ PORT: String(port), PGAPPNAME: 'browser-api' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const api = Object.assign(new ServiceProcess('browser-api', child, join(SCREENSHOT_DIR, 'api.log'), port), {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
  });
  const deadline = Date.now() + 60_000;
  while ((await liveStatus(port)) !== 200) {
    if (!api.running) throw api.failure('exited before it was ready');
    if (Date.now() > deadline) {
      await api.kill();
      throw api.failure('did not answer GET /health/live in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return api;
}

/** An organization, an account and a read-write token, created the operator's way (`node dist/cli.js`). */
export async function createCaller(label: string): Promise<Caller> {
  const organization = await cli(['organizations', 'create', '--name', label]);
  const account = await cli(['accounts', 'create', '--organization', String(organization.id)]);
  const token = await cli(['tokens', 'create', '--account', String(account.id), '--scopes', 'accounts--my:ro,accounts--my:rw']);
  return { accountId: String(account.id), token: String(token.token) };
}

function cli(args: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(REPO_ROOT, 'dist', 'cli.js'), ...args],
      { cwd: REPO_ROOT, env: serviceEnv({ PGAPPNAME: 'browser-cli' }), timeout: 30_000 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`cli ${args.join(' ')} failed (${error.message}): ${stderr}`));
        try {
          resolve(JSON.parse(stdout.trim()) as Record<string, unknown>);
        } catch {
          reject(new Error(`cli ${args.join(' ')} printed no JSON object: ${stdout}`));
        }
      },
    );
  });
}

function liveStatus(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/health/live', timeout: 1_000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? null);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
}
