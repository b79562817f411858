import * as path from 'node:path';
import {
  BENCH_DATABASE_URL,
  BENCH_QUEUE_PREFIX,
  BENCH_REDIS_URL,
  deleteOrganizations,
  deleteQueueKeys,
  dropBenchDatabase,
  ensureBenchDatabase,
} from '../../tools/harness/bench-db';
import type { Cleanup } from './cleanup';
import { killRunningCli } from '../../tools/harness/cli';
import { freePort } from '../../tools/harness/ports';
import { waitForHttpOk } from '../../tools/harness/readiness';
import { REPO_ROOT } from '../../tools/harness/repo';
import { serviceEnv } from '../../tools/harness/service-env';
import { startNodeService, type ServiceProcess } from '../../tools/harness/service-process';

/** Whose build the services run: BENCH_SERVICE_ROOT names another checkout's (a baseline measured by this bench's code). */
export const SERVICE_ROOT = process.env.BENCH_SERVICE_ROOT ?? REPO_ROOT;

export interface StackOptions {
  cleanup: Cleanup;
  logDir: string;
  withWorker: boolean;
  keepDb: boolean;
  /** Extra service environment (e.g. WORKER_CONCURRENCY). */
  extraEnv?: Record<string, string>;
  /** Extra Node flags for the worker only (e.g. --cpu-prof: it writes its profile when the worker exits on SIGTERM). */
  workerNodeArgs?: string[];
  /** Another database than product_directory_bench (and its own queue prefix in the bench Redis). */
  databaseUrl?: string;
  queuePrefix?: string;
  /** The API's port (default: any free one), for a run confined to a port range. */
  port?: number;
  log: (message: string) => void;
}

export interface ServiceStack {
  baseUrl: string;
  api: ServiceProcess;
  worker: ServiceProcess | null;
  /** Environment for the admin CLI (same database as the services). */
  cliEnv: NodeJS.ProcessEnv;
  databaseUrl: string;
  createdDatabase: boolean;
  /** Organizations this run created: deleted at cleanup when the database is not dropped. */
  createdOrganizations: string[];
  /** Throws the exit error of a service process that died, else null. */
  deadService(): string | null;
  /** Starts the worker now (a stack started without one); resolves once it has started. */
  startWorker(): Promise<ServiceProcess>;
  /** Stops the worker (if any) and starts a new one: its start-up sweep indexes whatever is pending. */
  restartWorker(): Promise<ServiceProcess>;
}

/**
 * Dedicated bench database and Redis db, the API (`node dist/main.js`, WORKER_ENABLED=false) and
 * optionally one worker (`node dist/worker.js`), each a separate process. Registers cleanup:
 * processes stopped; the database dropped if this run created it (and --keep-db not given),
 * otherwise only the organizations this run created are deleted.
 */
export async function startStack(options: StackOptions): Promise<ServiceStack> {
  const { cleanup, log } = options;
  const databaseUrl = options.databaseUrl ?? BENCH_DATABASE_URL;
  const queuePrefix = options.queuePrefix ?? BENCH_QUEUE_PREFIX;
  const createdDatabase = await ensureBenchDatabase(databaseUrl);
  log(createdDatabase ? `created database ${databaseUrl}` : `using existing database ${databaseUrl} (not dropped at the end)`);
  const createdOrganizations: string[] = [];
  cleanup.add('database', async () => {
    await killRunningCli(); // an interrupted CLI would otherwise re-create the database after the drop
    if (options.keepDb) {
      log(`--keep-db: leaving ${databaseUrl} and Redis ${BENCH_REDIS_URL} prefix "${queuePrefix}" as they are`);
      return;
    }
    if (createdDatabase) {
      await dropBenchDatabase(databaseUrl);
      const keys = await deleteQueueKeys(BENCH_REDIS_URL, queuePrefix);
      log(`dropped database ${new URL(databaseUrl).pathname.slice(1)}, deleted ${keys} Redis keys ${queuePrefix}:*`);
    } else if (createdOrganizations.length > 0) {
      await deleteOrganizations(databaseUrl, createdOrganizations);
      log(`deleted the ${createdOrganizations.length} organizations this run created`);
    }
  });

  // BENCH_API_PORT pins the API's port (a shared machine where each user keeps to a port range).
  const port = options.port ?? (process.env.BENCH_API_PORT ? Number(process.env.BENCH_API_PORT) : await freePort());
  const common = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: BENCH_REDIS_URL,
    QUEUE_PREFIX: queuePrefix,
    // The limiter stays in the request path (its cost is measured) but must not refuse the load.
    RATE_LIMIT_PER_MINUTE: '1000000',
    READS_IN_FLIGHT_PER_ACCOUNT: '1000', // the connections are one account's
    READS_IN_FLIGHT_PER_ORGANIZATION: '1000',
    READS_IN_FLIGHT_PER_PROCESS: '1000',
    METRICS_PORT: '0',
    ...(options.extraEnv ?? {}),
  };
  const api = await startNodeService(
    'api',
    path.join(SERVICE_ROOT, 'dist/main.js'),
    serviceEnv({ ...common, PORT: String(port), WORKER_ENABLED: 'false' }),
    options.logDir,
    port,
  );
  cleanup.add('stop api', () => api.stop());
  const baseUrl = `http://127.0.0.1:${port}`;
  log(`api pid ${api.pid} on ${baseUrl} (log ${api.logFile})`);
  const services: ServiceProcess[] = [api];
  const launchWorker = async (): Promise<ServiceProcess> => {
    const worker = await startNodeService(
      'worker',
      path.join(SERVICE_ROOT, 'dist/worker.js'),
      serviceEnv(common),
      options.logDir,
      undefined,
      options.workerNodeArgs,
    );
    cleanup.add('stop worker', () => worker.stop());
    services.push(worker);
    log(`worker pid ${worker.pid} (log ${worker.logFile})`);
    return worker;
  };
  const workerStarted = async (worker: ServiceProcess): Promise<void> => {
    await worker.waitForLine(/Import worker started/, 90_000).catch((error: Error) => {
      if (!worker.running) throw error;
      log(`warning: ${error.message}; continuing`);
    });
  };
  const worker = options.withWorker ? await launchWorker() : null;
  await waitForHttpOk(api, port, '/health/ready', 90_000);
  if (worker) await workerStarted(worker);
  const stack: ServiceStack = {
    baseUrl,
    api,
    worker,
    cliEnv: serviceEnv(common),
    databaseUrl,
    createdDatabase,
    createdOrganizations,
    deadService: () => {
      const dead = services.find((s) => !s.running);
      return dead ? dead.exitError().message : null;
    },
    startWorker: async () => {
      if (stack.worker) return stack.worker;
      const started = await launchWorker();
      stack.worker = started;
      await workerStarted(started);
      return started;
    },
    restartWorker: async () => {
      await stack.worker?.stop();
      stack.worker = null;
      return stack.startWorker();
    },
  };
  return stack;
}
