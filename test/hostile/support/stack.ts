import { join } from 'node:path';
import { runCli } from '../../../tools/harness/cli';
import type { Credentials } from '../../../tools/harness/http/credentials';
import { freePort } from '../../../tools/harness/ports';
import { waitForHttpOk } from '../../../tools/harness/readiness';
import { REPO_ROOT } from '../../../tools/harness/repo';
import { serviceEnv } from '../../../tools/harness/service-env';
import { startNodeService, type ServiceProcess } from '../../../tools/harness/service-process';
import { LOG_DIR, SERVICE_ENV } from './env';

/**
 * The real built service, started the way production starts it (tools/harness process helpers, with
 * the Node flags of package.json's `start` script): one API with WORKER_ENABLED=false, and a
 * worker process of its own per shape, so its peak RSS belongs to that shape alone.
 */
export async function startApi(): Promise<{ api: ServiceProcess; baseUrl: string }> {
  // HOSTILE_API_PORT keeps the API in a port range of one's own on a shared machine.
  const port = process.env.HOSTILE_API_PORT ? Number(process.env.HOSTILE_API_PORT) : await freePort();
  const api = await startNodeService(
    'api',
    join(REPO_ROOT, 'dist/main.js'),
    serviceEnv({ ...SERVICE_ENV, PORT: String(port), WORKER_ENABLED: 'false' }),
    LOG_DIR,
    port,
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHttpOk(api, port, '/health/ready', 90_000);
  return { api, baseUrl };
}

export async function startWorker(name: string): Promise<ServiceProcess> {
  const worker = await startNodeService(name, join(REPO_ROOT, 'dist/worker.js'), serviceEnv(SERVICE_ENV), LOG_DIR);
  try {
    await worker.waitForLine(/Import worker started/, 90_000);
  } catch (error) {
    await killNow(worker);
    throw error;
  }
  return worker;
}

/** SIGKILL and wait for the exit (a worker the suite gives up on). */
export async function killNow(service: ServiceProcess): Promise<void> {
  await service.kill();
}

/** An organization with one account and a read-write token, created with the operator CLI. */
const CLI = join(REPO_ROOT, 'dist/cli.js');

export async function createCaller(label: string): Promise<Credentials> {
  const env = serviceEnv(SERVICE_ENV);
  const organization = await runCli<{ id: string }>(CLI, ['organizations', 'create', '--name', `hostile ${label}`], env);
  const account = await runCli<{ id: string }>(CLI, ['accounts', 'create', '--organization', organization.id], env);
  const token = await runCli<{ token: string }>(
    CLI,
    ['tokens', 'create', '--account', account.id, '--scopes', 'accounts--my:ro,accounts--my:rw'],
    env,
  );
  return { accountId: account.id, token: token.token };
}
