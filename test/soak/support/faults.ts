import { multipartFile } from '../../../tools/harness/http/multipart';
import { IMPORTS_PATH } from '../../../tools/harness/http/import-requests';
import { attempt, httpRequest, isFailure } from '../../../tools/harness/http/request';
import { sleep } from '../../../tools/harness/repo';
import type { PrivatePostgres, PrivateRedis } from './private-services';
import { retryDelay, type SoakHttp } from './soak-http';
import type { SoakStack } from './stack';
import type { Tenant } from './tenant';
import type { TrafficLog } from './traffic-log';

/** In this order; the restarts of node processes (slowest on a loaded machine) last, so a short run fits them all. */
export const FAULT_KINDS = ['slow-client', 'redis-restart', 'postgres-restart', 'api-kill', 'worker-kill'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * Kills always hit slot 0 (api-0, worker-0): the other API and worker then live through the whole
 * run, so their memory is judged over all of it.
 */
const KILLED_SLOT = 0;

/** The service's default minimum upload rate (UPLOAD_MIN_BYTES_PER_SECOND). */
const MIN_BYTES_PER_SECOND = 16_384;

/**
 * When each fault happens: the kinds in turn, evenly spread after a warm-up, at most 4 minutes
 * apart (each kind at least 3 times an hour) and all of them in a short run.
 */
export function faultSchedule(durationMs: number): Array<{ at: number; kind: FaultKind }> {
  const warmUp = Math.min(40_000, durationMs / 6);
  const usable = durationMs - warmUp - Math.min(25_000, durationMs / 6);
  const spacing = Math.min(240_000, usable / FAULT_KINDS.length);
  const out: Array<{ at: number; kind: FaultKind }> = [];
  for (let i = 0; warmUp + i * spacing < warmUp + usable; i++)
    out.push({ at: warmUp + i * spacing, kind: FAULT_KINDS[i % FAULT_KINDS.length] });
  return out;
}

export interface FaultContext {
  stack: SoakStack;
  postgres: PrivatePostgres;
  redis: PrivateRedis;
  tenants: Tenant[];
  http: SoakHttp;
  log: TrafficLog;
  clock: () => number;
  note: (line: string) => void;
}

/** Runs the schedule (relative to clock 0); each fault's window lasts until the service is healthy again. */
export async function runFaults(
  schedule: Array<{ at: number; kind: FaultKind }>,
  ctx: FaultContext,
  stopping: () => boolean,
): Promise<string[]> {
  const problems: string[] = [];
  const counts = new Map<FaultKind, number>();
  for (const { at, kind } of schedule) {
    while (ctx.clock() < at) {
      if (stopping()) return problems;
      await sleep(Math.min(500, at - ctx.clock()));
    }
    const n = counts.get(kind) ?? 0;
    counts.set(kind, n + 1);
    const start = ctx.clock();
    const window: { kind: string; api?: number; start: number; end: number } = { kind, start, end: Infinity };
    if (kind === 'api-kill') window.api = KILLED_SLOT;
    ctx.log.windows.push(window);
    try {
      const detail = await inject(kind, n, ctx, window.api ?? 0);
      window.end = ctx.clock();
      ctx.note(`fault ${kind} at ${(start / 1000).toFixed(0)} s: ${detail}, window ${((window.end - start) / 1000).toFixed(1)} s`);
    } catch (error) {
      window.end = ctx.clock();
      problems.push(`fault ${kind} at ${(start / 1000).toFixed(0)} s could not be carried out or healed: ${(error as Error).message}`);
    }
  }
  return problems;
}

async function inject(kind: FaultKind, n: number, ctx: FaultContext, apiSlot: number): Promise<string> {
  switch (kind) {
    case 'worker-kill': {
      const slot = KILLED_SLOT;
      await ctx.stack.killAndRestartWorker(slot, 1_000, sleep);
      return `SIGKILL worker-${slot}, restarted`;
    }
    case 'api-kill':
      await ctx.stack.killAndRestartApi(apiSlot, 1_000, sleep);
      return `SIGKILL api-${apiSlot}, restarted on its port`;
    case 'redis-restart':
      await ctx.redis.stop();
      await sleep(2_000);
      await ctx.redis.start();
      return `redis SHUTDOWN NOSAVE, 2 s down; ready again after ${await waitReady(ctx)} ms`;
    case 'postgres-restart': {
      const mode = n % 2 === 0 ? 'fast' : 'immediate';
      await ctx.postgres.stop(mode);
      await sleep(2_000);
      await ctx.postgres.start();
      return `postgres stop -m ${mode}, 2 s down; ready again after ${await waitReady(ctx)} ms`;
    }
    case 'slow-client':
      return slowClients(ctx);
  }
}

/** Until every API answers /health/ready with 200 (PostgreSQL and Redis reachable again); the time it took. */
async function waitReady(ctx: FaultContext, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  for (const port of ctx.stack.apiPorts) {
    for (;;) {
      const answer = await attempt(httpRequest({ port, method: 'GET', path: '/health/ready', timeoutMs: 5_000 }));
      if (!isFailure(answer) && answer.status === 200) break;
      if (Date.now() - started > timeoutMs) throw new Error(`API on ${port} not ready within ${timeoutMs} ms`);
      await sleep(200);
    }
  }
  return Date.now() - started;
}

/**
 * A tenant's next upload sent at 1.5 × the minimum rate (must be accepted, 202) and, at the same time,
 * another tenant's throwaway upload at a quarter of it (must be refused with 408, nothing stored).
 */
async function slowClients(ctx: FaultContext): Promise<string> {
  const bySize = ctx.tenants.filter((t) => !t.finished).sort((a, b) => a.catalog.size - b.catalog.size);
  if (bySize.length < 2) throw new Error('no client left to upload slowly');
  const [slowTenant, tooSlowTenant] = bySize;
  const accepted = new Promise<boolean>((resolve) => (slowTenant.slowNext = { bytesPerSecond: MIN_BYTES_PER_SECOND * 1.5, done: resolve }));
  const { body, contentType } = multipartFile(
    Buffer.from(JSON.stringify(Array.from({ length: 2_000 }, (_, i) => ({ id: `never-${i}`, title: 'never stored' })))),
    'too-slow.json',
  );
  const refused = (async () => {
    // A busy server (503/429: its upload slots taken) is asked again; the rate is what is judged.
    for (let attempt = 0; ; attempt++) {
      const answer = await ctx.http.sendSlowly(
        'upload-slow',
        {
          api: 1,
          method: 'POST',
          path: IMPORTS_PATH,
          headers: {
            authorization: tooSlowTenant.caller.auth,
            'content-type': contentType,
            'idempotency-key': `soak-too-slow-${ctx.clock()}`,
          },
          body,
          expected: [408],
          timeoutMs: 60_000,
          closeExpected: true,
        },
        MIN_BYTES_PER_SECOND / 4,
      );
      if (isFailure(answer) || ![429, 503].includes(answer.status) || attempt === 4) return answer;
      await sleep(retryDelay(answer));
    }
  })();
  const [ok, tooSlow] = await Promise.all([withTimeout(accepted, 180_000), refused]);
  if (!ok) throw new Error(`tenant ${slowTenant.index}'s upload at 1.5 × the minimum rate was not acknowledged`);
  const cut = isFailure(tooSlow) && ['EPIPE', 'ECONNRESET'].includes(tooSlow.code ?? '');
  if (!cut && (isFailure(tooSlow) || tooSlow.status !== 408))
    throw new Error(`an upload at ¼ of the minimum rate answered ${isFailure(tooSlow) ? tooSlow.message : tooSlow.status}, not 408`);
  return `tenant ${slowTenant.index} uploaded at ${MIN_BYTES_PER_SECOND * 1.5} B/s (202), tenant ${tooSlowTenant.index} at ${MIN_BYTES_PER_SECOND / 4} B/s (${cut ? 'connection closed while sending' : '408'})`;
}

function withTimeout(promise: Promise<boolean>, ms: number): Promise<boolean> {
  return Promise.race([promise, sleep(ms).then(() => false)]);
}
