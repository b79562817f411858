import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import Redis from 'ioredis';
import { Client } from 'pg';
import { FAULTS_REDIS_URL, PG_HOST_URL, QUEUE_NAME, QUEUE_PREFIX, REDIS_PORT } from './env';
import { sleep } from '../../../tools/harness/repo';

/**
 * Control of the machine's PostgreSQL cluster and Redis server. Both are shared with whoever else
 * uses this machine: every stop is paired with a start in a finally block, and the global
 * teardown starts them again if a run was interrupted.
 */

function run(command: string, args: string[], timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: timeoutMs }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

function postgresVersion(): string {
  const versions = readdirSync('/etc/postgresql');
  if (versions.length !== 1) throw new Error(`expected one PostgreSQL version in /etc/postgresql, found ${versions.join(', ')}`);
  return versions[0];
}

export async function postgres(action: 'start' | 'stop' | 'restart'): Promise<void> {
  await run('pg_ctlcluster', ['--skip-systemctl-redirect', postgresVersion(), 'main', action]);
}

export async function postgresAcceptsConnections(): Promise<boolean> {
  const client = new Client({ connectionString: `${PG_HOST_URL}/postgres`, connectionTimeoutMillis: 1_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function waitForPostgres(timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await postgresAcceptsConnections())) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL not accepting connections after ${timeoutMs} ms`);
    await sleep(200);
  }
}

export async function redisAnswers(): Promise<boolean> {
  try {
    return (await run('redis-cli', ['-p', String(REDIS_PORT), 'ping'], 3_000)).trim() === 'PONG';
  } catch {
    return false;
  }
}

export async function redisShutdown(): Promise<void> {
  await run('redis-cli', ['-p', String(REDIS_PORT), 'shutdown', 'nosave']).catch(() => undefined); // the connection drops as it stops
  const deadline = Date.now() + 10_000;
  while (await redisAnswers()) {
    if (Date.now() > deadline) throw new Error('Redis still answers after SHUTDOWN NOSAVE');
    await sleep(50);
  }
}

export async function redisStart(): Promise<void> {
  await run('redis-server', [
    '--daemonize',
    'yes',
    '--bind',
    '127.0.0.1',
    '--port',
    String(REDIS_PORT),
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  const deadline = Date.now() + 10_000;
  while (!(await redisAnswers())) {
    if (Date.now() > deadline) throw new Error('Redis did not come back after redis-server --daemonize yes');
    await sleep(50);
  }
}

/** Leaves PostgreSQL and Redis running, whatever state a failed scenario left them in. */
export async function ensureBackingServices(): Promise<void> {
  if (!(await postgresAcceptsConnections())) {
    await postgres('start').catch(() => undefined);
    await waitForPostgres(60_000);
  }
  if (!(await redisAnswers())) await redisStart();
}

function redis(): Redis {
  return new Redis(FAULTS_REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: true });
}

/** FLUSHDB on the suite's Redis database only (never FLUSHALL: others use this Redis). */
export async function flushFaultsRedisDb(): Promise<void> {
  const client = redis();
  try {
    await client.connect();
    await client.flushdb();
  } finally {
    client.disconnect();
  }
}

/** Whether Bull holds a job with this id (jobId = import job id) in the suite's queue (or the one under `prefix`). */
export async function bullJobExists(jobId: string, prefix = QUEUE_PREFIX): Promise<boolean> {
  const client = redis();
  try {
    await client.connect();
    return (await client.exists(`${prefix}:${QUEUE_NAME}:${jobId}`)) === 1;
  } finally {
    client.disconnect();
  }
}

/** How many of its attempts (IMPORT_ATTEMPTS) Bull counts as used for this job id, or null if Bull has no such job. */
export async function bullAttemptsMade(jobId: string, prefix = QUEUE_PREFIX): Promise<number | null> {
  const client = redis();
  try {
    await client.connect();
    const value = await client.hget(`${prefix}:${QUEUE_NAME}:${jobId}`, 'attemptsMade');
    return value === null ? null : Number(value);
  } finally {
    client.disconnect();
  }
}

/** Deletes the keys matching `pattern` from the suite's Redis database (SCAN, never KEYS on a shared server); returns how many. */
export async function deleteFaultsRedisKeys(pattern: string): Promise<number> {
  const client = redis();
  let deleted = 0;
  try {
    await client.connect();
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length > 0) deleted += await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
  return deleted;
}

/** DROP DATABASE … WITH (FORCE) for each name (the suite's extra databases only). */
export async function dropDatabases(names: readonly string[]): Promise<void> {
  const admin = new Client({ connectionString: `${PG_HOST_URL}/postgres`, connectionTimeoutMillis: 5_000 });
  await admin.connect();
  try {
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
